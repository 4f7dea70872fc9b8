import { ZxcvbnFactory, type OptionsType, type ZxcvbnResult } from '@zxcvbn-ts/core';

// Which new passwords Orbit accepts (issue 37, finding 3; OWASP ASVS 5.0 V6.2),
// given the dictionaries to judge with: the server judges with every list
// (contract/password-policy.ts), the browser's strength meter with the
// common-password list alone (src/features/auth/password-meter-policy.ts),
// which is a quarter of the download and refuses the same top-list passwords.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const PASSWORD_ONLY_SPACES = 'Your password cannot be only spaces. Choose one with letters, numbers or symbols.';
export const PASSWORD_CONTAINS_USERNAME = 'Your password must not contain your username.';
export const PASSWORD_CONTAINS_EMAIL = 'Your password must not contain your email address.';
export const PASSWORD_TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';
export const PASSWORD_TOO_GUESSABLE = 'This password is too easy to guess.';
export const PASSWORD_SEASON_AND_YEAR = 'A season or our name with a year is among the first passwords anyone tries. Choose one that is harder to guess.';

/**
 * Words an attacker tries first against Orbit itself (issue 50, finding 12):
 * its name and the demo account's published password (README). zxcvbn rates
 * a password made of them as easy to guess, however they are dressed up.
 */
const ORBIT_WORDS = ['orbit', 'orbit-demo-2026', 'orbitdemo2026', 'orbitdemo', 'orbitdating', 'orbitlive'];

/** "Summer2026!", "2026-winter", "Orbit2026!": a season (or Orbit's name) and a year, with nothing else but symbols. */
const SEASON_AND_YEAR = /^[\W_]*(?:(?:spring|summer|autumn|fall|winter|orbit)[\W_]*\d{2,4}|\d{2,4}[\W_]*(?:spring|summer|autumn|fall|winter|orbit))[\W_]*$/i;

/** zxcvbn scores 0 to 4 (roughly log10 of guesses over 2); below this a password falls to an online attack soon enough. */
export const MIN_PASSWORD_SCORE = 2;

/** A name or email shorter than this inside a password is coincidence, not a hint ("amy" in "dreamy…"). */
const MIN_PERSONAL_PART_LENGTH = 3;

/**
 * zxcvbn's work grows steeply with length and with l33t-able characters (a
 * 128-character password of digits and symbols took 0.8 s with its defaults):
 * only the first 64 characters are analysed and at most 4 l33t substitutions
 * tried (about 20 ms at worst).
 * A 64-character prefix that is hard to guess makes the whole password so.
 */
const ANALYSED_LENGTH = 64;
const L33T_MAX_SUBSTITUTIONS = 4;

/** Whose password it is: its own username and email are the first guesses of anyone who knows the member. */
export interface PasswordOwner {
  username?: string | null | undefined;
  email?: string | null | undefined;
}

export type PasswordStrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

export interface PasswordStrength {
  /** zxcvbn's score, 0 (guessed at once) to 4; 0 too when a rule refuses the password. */
  score: 0 | 1 | 2 | 3 | 4;
  label: PasswordStrengthLabel;
  /** Why the password would be refused, in words for the member; null when it would be accepted. */
  problem: string | null;
}

/** The owner's username and email local part, lower-cased, that are long enough to count. */
function personalParts(owner: PasswordOwner): { username: string | null; emailLocalPart: string | null } {
  const username = owner.username?.trim().toLowerCase() ?? '';
  const emailLocalPart = owner.email?.trim().toLowerCase().split('@')[0] ?? '';
  return {
    username: username.length >= MIN_PERSONAL_PART_LENGTH ? username : null,
    emailLocalPart: emailLocalPart.length >= MIN_PERSONAL_PART_LENGTH ? emailLocalPart : null,
  };
}

/** True when zxcvbn found the whole password to be one entry (as typed, reversed or in l33t) of its common-passwords list. */
function isCommonPassword(result: ZxcvbnResult): boolean {
  const [only, ...rest] = result.sequence;
  return rest.length === 0 && only?.pattern === 'dictionary' && only.dictionaryName === 'passwords-common';
}

function guessableMessage(result: ZxcvbnResult): string {
  const hint = result.feedback.warning ?? result.feedback.suggestions[0];
  return hint ? `${PASSWORD_TOO_GUESSABLE} ${hint}` : PASSWORD_TOO_GUESSABLE;
}

/** Only called for accepted passwords (score 2 and up). */
function labelFor(score: number): PasswordStrengthLabel {
  if (score >= 4) return 'Strong';
  if (score === 3) return 'Good';
  return 'Fair';
}

/** Rules that need no dictionary: length, spaces, the owner's own name. */
function ruleProblem(password: string, owner: PasswordOwner): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  if (password.trim() === '') return PASSWORD_ONLY_SPACES;
  if (SEASON_AND_YEAR.test(password)) return PASSWORD_SEASON_AND_YEAR;
  const lowered = password.toLowerCase();
  const { username, emailLocalPart } = personalParts(owner);
  if (username && lowered.includes(username)) return PASSWORD_CONTAINS_USERNAME;
  if (emailLocalPart && lowered.includes(emailLocalPart)) return PASSWORD_CONTAINS_EMAIL;
  return null;
}

export interface PasswordJudge {
  /** How strong a new password is and, when it would be refused, why. */
  passwordStrength: (password: string, owner?: PasswordOwner) => PasswordStrength;
  /**
   * Why `password` may not become this member's password, in words for them, or
   * null when it may. For every new password: registration, password change and
   * password reset; never for sign-in, where older passwords must keep working.
   */
  passwordProblem: (password: string, owner?: PasswordOwner) => string | null;
}

/**
 * The rules above with zxcvbn set up from `estimatorOptions` on first use
 * (ranking the dictionaries takes about 150 ms) and kept for the process or page.
 */
export function createPasswordJudge(estimatorOptions: () => OptionsType): PasswordJudge {
  let estimator: ZxcvbnFactory | undefined;
  const estimate = (password: string, userInputs: string[]) => {
    const options = estimatorOptions();
    estimator ??= new ZxcvbnFactory({ ...options, dictionary: { ...options.dictionary, orbit: ORBIT_WORDS }, maxLength: ANALYSED_LENGTH, l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS });
    return estimator.check(password.slice(0, ANALYSED_LENGTH), userInputs);
  };

  const passwordStrength = (password: string, owner: PasswordOwner = {}): PasswordStrength => {
    const refusedByRule = ruleProblem(password, owner);
    if (refusedByRule !== null) return { score: 0, label: 'Weak', problem: refusedByRule };
    const { username, emailLocalPart } = personalParts(owner);
    const result = estimate(password, [username, emailLocalPart].filter((part): part is string => part !== null));
    if (isCommonPassword(result)) return { score: 0, label: 'Weak', problem: PASSWORD_TOO_COMMON };
    if (result.score < MIN_PASSWORD_SCORE) return { score: result.score, label: 'Weak', problem: guessableMessage(result) };
    return { score: result.score, label: labelFor(result.score), problem: null };
  };

  return { passwordStrength, passwordProblem: (password, owner) => passwordStrength(password, owner).problem };
}
