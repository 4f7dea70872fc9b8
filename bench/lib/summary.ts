import { execFileSync } from 'node:child_process';
import type { PartOutcome, Verdict } from '../parts/part';
import { formatMarkdownTable } from './table';

// The figures summary at the top of RESULTS.md, generated from results.json on
// every run: each judged figure with its target, PASS or FAIL, the date and
// commit it was measured on, and whether code it measures changed since. A
// hand-written summary went stale the day after it was written; this one
// cannot claim more than the stored figures say.

/** Where a part's figures came from: the commit, and whether the code it measures had uncommitted changes. */
export interface MeasuredOn {
  commit: string;
  uncommitted: boolean;
}

function git(args: readonly string[], cwd: string | undefined): string | undefined {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** The commit checked out now, and whether `paths` differ from it. */
export function measuredOn(paths: readonly string[], cwd?: string): MeasuredOn | undefined {
  const commit = git(['rev-parse', '--short=12', 'HEAD'], cwd);
  if (!commit) return undefined;
  return { commit, uncommitted: (git(['status', '--porcelain', '--', ...paths], cwd) ?? '') !== '' };
}

/** Why a stored figure no longer describes the code, or undefined while it still does. */
export function staleness(on: MeasuredOn | undefined, paths: readonly string[], cwd?: string): string | undefined {
  if (!on) return 'commit not recorded';
  if (git(['cat-file', '-e', `${on.commit}^{commit}`], cwd) === undefined) return `commit ${on.commit} is not in this history`;
  const later = Number(git(['rev-list', '--count', `${on.commit}..HEAD`, '--', ...paths], cwd) ?? '0');
  if (later > 0) return `older than the code it measures: ${later} later ${later === 1 ? 'commit changes' : 'commits change'} ${paths.join(', ')}`;
  if (on.uncommitted) return 'measured with uncommitted changes';
  return undefined;
}

const PASSED = new Set(['yes', 'pass', 'met']);
const FAILED = new Set(['no', 'fail', 'missed']);

/**
 * Verdicts read from a table with a `target` column and a yes/no one (`met`,
 * or `result` when the figure is in `value`): rows whose target is only
 * "reported" judge nothing, and indented rows are the steps behind a figure.
 */
export function verdictsFromTable(table: PartOutcome['table']): Verdict[] {
  const column = (name: string) => table.headers.indexOf(name);
  const target = column('target');
  const judged = column('met') >= 0 ? column('met') : column('value') >= 0 ? column('result') : -1;
  const figure = column('value') >= 0 ? column('value') : column('result');
  if (target < 0 || judged < 0 || figure < 0) return [];
  const labels = table.headers.map((_, index) => index).filter((index) => index < Math.min(target, figure));
  return table.rows.flatMap((row) => {
    const said = String(row[judged] ?? '').toLowerCase();
    const label = labels.map((index) => String(row[index] ?? '')).join(', ');
    if (label.startsWith('  ') || !(PASSED.has(said) || FAILED.has(said))) return [];
    return [{ figure: label, result: String(row[figure] ?? ''), target: String(row[target] ?? ''), pass: PASSED.has(said) }];
  });
}

/** What the summary needs of one stored part. */
export interface SummarisedPart {
  name: string;
  measures: readonly string[];
  finishedAt?: string;
  measuredOn?: MeasuredOn;
  /** Undefined for results stored before verdicts were kept. */
  verdicts: readonly Verdict[] | undefined;
}

export function summarySection(parts: readonly SummarisedPart[]): string {
  const rows = parts.flatMap((part) => {
    const stale = staleness(part.measuredOn, part.measures);
    const when = part.finishedAt ? `${part.finishedAt.slice(0, 16).replace('T', ' ')} UTC` : 'never run';
    const on = `${when}${part.measuredOn ? ` on ${part.measuredOn.commit}` : ''}${stale ? ` (${stale})` : ''}`;
    if (!part.verdicts) return [[part.name, 'verdicts not recorded (stored before they were kept): rerun the part', '-', '-', '-', on]];
    if (part.verdicts.length === 0) return [[part.name, 'no target judged in this part', '-', '-', '-', on]];
    return part.verdicts.map((verdict) => [part.name, verdict.figure, verdict.result, verdict.target, verdict.pass ? 'PASS' : 'FAIL', on]);
  });
  const failed = parts.flatMap((part) => (part.verdicts ?? []).filter((verdict) => !verdict.pass)).length;
  const judged = parts.reduce((sum, part) => sum + (part.verdicts?.length ?? 0), 0);
  return [
    '## Summary',
    '',
    `Generated from results.json: ${judged - failed} of ${judged} judged figures PASS, ${failed} FAIL. A figure measured on an older commit than the code it measures says so; rerun its part before quoting it.`,
    '',
    formatMarkdownTable(['part', 'figure', 'result', 'target', 'verdict', 'measured'], rows),
  ].join('\n');
}
