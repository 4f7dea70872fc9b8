import { describe, expect, it } from 'vitest';
import {
  PASSWORD_CONTAINS_EMAIL,
  PASSWORD_CONTAINS_USERNAME,
  PASSWORD_ONLY_SPACES,
  PASSWORD_SEASON_AND_YEAR,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_GUESSABLE,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  passwordProblem,
  passwordStrength,
} from '../../contract/auth/password-policy';

const owner = { username: 'orbituser', email: 'maya.r@example.com' };

describe('passwordProblem', () => {
  it.each([
    ['12345678', PASSWORD_TOO_COMMON],
    ['password', PASSWORD_TOO_COMMON],
    ['Password', PASSWORD_TOO_COMMON],
    ['P@ssw0rd', PASSWORD_TOO_COMMON],
    ['qwerty123456', PASSWORD_TOO_COMMON],
    ['iloveyou', PASSWORD_TOO_COMMON],
    ['        ', PASSWORD_ONLY_SPACES],
    ['\t \t \t \t ', PASSWORD_ONLY_SPACES],
    ['orbituser1', PASSWORD_CONTAINS_USERNAME],
    ['My-OrbitUser-2026!', PASSWORD_CONTAINS_USERNAME],
    ['xxMaya.Rxx-2026', PASSWORD_CONTAINS_EMAIL],
    ['short', PASSWORD_TOO_SHORT],
    // Issue 50, finding 12: a season or Orbit's name with a year, however dressed.
    ['Summer2026!', PASSWORD_SEASON_AND_YEAR],
    ['2026-winter', PASSWORD_SEASON_AND_YEAR],
    ['Orbit2026!', PASSWORD_SEASON_AND_YEAR],
    ['p'.repeat(129), PASSWORD_TOO_LONG],
  ])('refuses %j: %s', (password, reason) => {
    expect(passwordProblem(password, owner)).toBe(reason);
  });

  it('refuses guessable patterns that are not on the list, saying why in zxcvbn\'s words', () => {
    const problem = passwordProblem('aaaaaaaaaaaa', owner);
    expect(problem).toMatch(new RegExp(`^${PASSWORD_TOO_GUESSABLE} .+`));
    expect(problem).toContain('Repeated characters');
    expect(passwordProblem('a'.repeat(128), owner)).toContain(PASSWORD_TOO_GUESSABLE);
  });

  it.each(['correct-horse-battery', 'Tr0ub4dor&3-maybe', 'violet-kettle-harbour-92', 'x'.repeat(40) + 'Zq8!mP2#vL'])('accepts %j', (password) => {
    expect(passwordProblem(password, owner)).toBeNull();
  });

  it("refuses the demo account's published password and passwords made of Orbit's name (issue 50, finding 12)", () => {
    for (const password of ['orbit-demo-2026', 'Orbit-Demo-2026', 'ORBIT-DEMO-2026', 'orbitorbit']) {
      expect(passwordProblem(password), password).toMatch(new RegExp(`^${PASSWORD_TOO_GUESSABLE}`));
    }
  });

  it('ignores a username or email part shorter than 3 characters', () => {
    expect(passwordProblem('violet-kettle-harbour-92', { username: 'vi', email: 'ha@example.com' })).toBeNull();
  });

  it('judges without an owner too (the username and email rules then do not apply)', () => {
    expect(passwordProblem('orbituser-violet-kettle')).toBeNull();
    expect(passwordProblem('password')).toBe(PASSWORD_TOO_COMMON);
  });

  // What keeps the analysis cheap is structural (only the first 64 characters are analysed, with at most
  // four l33t substitutions), so the test checks the structure, not a time that depends on the machine.
  it('judges a long password by its first 64 characters, whatever follows them', () => {
    const weakStart = '1234567890'.repeat(7).slice(0, 64);
    const strongStart = 'violet-kettle-harbour-92-amber-lantern-meadow-71-copper-fjord-38';
    expect(strongStart).toHaveLength(64);
    expect(passwordProblem(weakStart + 'Qz7$kettle-Vw9!harbour-Lp3#'.repeat(2))).toBe(passwordProblem(weakStart));
    expect(passwordProblem(weakStart)).not.toBeNull();
    expect(passwordProblem(strongStart + '1234567890'.repeat(6))).toBeNull();
    expect(passwordProblem('aB3$'.repeat(32), owner)).toBe(passwordProblem('aB3$'.repeat(16), owner));
  });
});

describe('passwordStrength', () => {
  it('rates refused passwords Weak and accepted ones Fair, Good or Strong', () => {
    expect(passwordStrength('password', owner)).toEqual({ score: 0, label: 'Weak', problem: PASSWORD_TOO_COMMON });
    expect(passwordStrength('correct-horse-battery', owner)).toEqual({ score: 4, label: 'Strong', problem: null });
    const fair = passwordStrength('Sunflower88!', owner);
    expect(fair.problem).toBeNull();
    expect(['Fair', 'Good']).toContain(fair.label);
  });
});

describe('the strength meter\'s lighter judge', () => {
  it('refuses what the server refuses by list, rule or pattern, in the same words', async () => {
    const meter = await import('../../src/features/auth/password-meter-policy');
    for (const password of ['12345678', 'password', 'P@ssw0rd', 'iloveyou', '        ', 'orbituser1', 'xxMaya.Rxx-2026', 'aaaaaaaaaaaa', 'qwertyuiop', 'Summer2026!', 'orbit-demo-2026']) {
      expect(meter.passwordStrength(password, owner).problem, password).toBe(passwordProblem(password, owner));
    }
    expect(meter.passwordStrength('correct-horse-battery', owner).problem).toBeNull();
  });
});
