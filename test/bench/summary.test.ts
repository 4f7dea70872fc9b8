import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measuredOn, staleness, summarySection, verdictsFromTable } from '../../bench/lib/summary';

describe('the generated bench summary', () => {
  it('reads verdicts from a table with target and met columns, skipping reported rows and indented steps', () => {
    const verdicts = verdictsFromTable({
      headers: ['measure', 'database', 'result', 'target', 'met'],
      rows: [
        ['delivery p99', 'PGlite', 'p99 120 ms', 'p99 <= 100 ms', 'no'],
        ['delivery p99', 'PostgreSQL', 'p99 60 ms', 'p99 <= 100 ms', 'yes'],
        ['highest rate', 'PGlite', '100 msg/s', 'reported', '-'],
        ['  step 300 msg/s', 'PGlite', 'p99 900 ms', 'p99 <= 100 ms', 'no'],
      ],
    });
    expect(verdicts).toEqual([
      { figure: 'delivery p99, PGlite', result: 'p99 120 ms', target: 'p99 <= 100 ms', pass: false },
      { figure: 'delivery p99, PostgreSQL', result: 'p99 60 ms', target: 'p99 <= 100 ms', pass: true },
    ]);
  });

  it('reads a table whose figure is in value and whose verdict is in result', () => {
    const verdicts = verdictsFromTable({
      headers: ['measure', 'value', 'target', 'result'],
      rows: [
        ['JS for / gzip KB', 151.9, '<= 150', 'FAIL'],
        ['raw KB', 476, '-', '-'],
      ],
    });
    expect(verdicts).toEqual([{ figure: 'JS for / gzip KB', result: '151.9', target: '<= 150', pass: false }]);
  });

  it('counts PASS and FAIL and names parts stored before verdicts were kept', () => {
    const text = summarySection([
      { name: 'realtime', measures: ['server'], finishedAt: '2026-11-29T16:17:01.304Z', verdicts: [{ figure: 'p99', result: '6 s', target: '<= 100 ms', pass: false }] },
      { name: 'history', measures: ['server'], finishedAt: '2026-11-29T16:14:01.304Z', verdicts: [{ figure: 'ratio', result: '1.1', target: '<= 1.5', pass: true }] },
      { name: 'radar', measures: ['server'], verdicts: undefined },
    ]);
    expect(text).toContain('1 of 2 judged figures PASS, 1 FAIL');
    expect(text).toContain('| realtime | p99 | 6 s | <= 100 ms | FAIL | 2026-11-29 16:17 UTC (commit not recorded) |');
    expect(text).toContain('| radar | verdicts not recorded (stored before they were kept): rerun the part |');
  });

  describe('in a repository', () => {
    let repo: string;
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.test', ...args], { cwd: repo, encoding: 'utf8' }).trim();

    beforeAll(() => {
      repo = mkdtempSync(join(tmpdir(), 'orbit-bench-summary-'));
      git('init', '-q');
      writeFileSync(join(repo, 'server.ts'), 'one');
      writeFileSync(join(repo, 'other.ts'), 'one');
      git('add', '.');
      git('commit', '-qm', 'first');
    });
    afterAll(() => {
      rmSync(repo, { recursive: true, force: true });
    });

    it('says a figure is stale once a later commit changes the code it measures, and not for other code', () => {
      const on = measuredOn(['server.ts'], repo);
      expect(on).toMatchObject({ uncommitted: false });
      expect(staleness(on, ['server.ts'], repo)).toBeUndefined();

      writeFileSync(join(repo, 'other.ts'), 'two');
      git('commit', '-qam', 'elsewhere');
      expect(staleness(on, ['server.ts'], repo)).toBeUndefined();

      writeFileSync(join(repo, 'server.ts'), 'two');
      expect(measuredOn(['server.ts'], repo)?.uncommitted).toBe(true);
      git('commit', '-qam', 'measured code');
      expect(staleness(on, ['server.ts'], repo)).toBe('older than the code it measures: 1 later commit changes server.ts');
      expect(staleness({ commit: 'deadbeef0000', uncommitted: false }, ['server.ts'], repo)).toBe('commit deadbeef0000 is not in this history');
    });
  });
});
