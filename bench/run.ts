import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { describeMachine, type MachineInfo } from './lib/machine';
import { measuredOn, summarySection, verdictsFromTable, type MeasuredOn } from './lib/summary';
import { formatMarkdownTable, formatTable } from './lib/table';
import { BENCH_PARTS } from './parts/index';
import type { BenchOptions, PartOutcome, Verdict } from './parts/part';

// `npm run bench` runs every part within a time budget (19 minutes by default:
// in 9, the calls part measured no call and live only 5 and 10 viewers, and in
// 18 a slow run cut the calls part at 14 of its 20 calls; issue 47 asks every
// part measured whole in under 20 minutes on 2 cores), prints a table per
// part and writes bench/results.json and bench/RESULTS.md (parts not run keep
// their last results there).
//   npm run bench -- --parts radar --users 100000 --budget-seconds 120
//   npm run bench -- --summary-only     (RESULTS.md again from results.json, nothing measured)

const RESULTS_FILE = fileURLToPath(new URL('./results.json', import.meta.url));
const MARKDOWN_FILE = fileURLToPath(new URL('./RESULTS.md', import.meta.url));

const { values } = parseArgs({
  options: {
    parts: { type: 'string' },
    users: { type: 'string', default: '1000000' },
    warmup: { type: 'string', default: '20' },
    samples: { type: 'string', default: '400' },
    'budget-seconds': { type: 'string', default: '1140' },
    'summary-only': { type: 'boolean', default: false },
  },
});

/** What results.json keeps per part: when, with which options, on which machine, the table and the raw figures. */
interface StoredPart extends Record<string, unknown> {
  finishedAt: string;
  machine?: MachineInfo;
  table?: PartOutcome['table'];
  notes?: string[];
  /** One-minute load average when the part began and ended: how quiet the machine was. */
  loadAverage?: { start: number; end: number };
  /** The commit the figures were measured on (absent in results stored before it was recorded). */
  measuredOn?: MeasuredOn;
  verdicts?: Verdict[];
}

const oneMinuteLoad = () => Math.round((loadavg()[0] ?? 0) * 100) / 100;

function positiveInteger(name: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number (got ${text ?? 'nothing'})`);
  return value;
}

function readPreviousResults(): Record<string, StoredPart> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(RESULTS_FILE, 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'parts' in parsed && typeof parsed.parts === 'object' && parsed.parts !== null) {
      return { ...(parsed.parts as Record<string, StoredPart>) };
    }
  } catch {
    // No earlier results (or unreadable ones): start afresh.
  }
  return {};
}

function machineLine(machine: MachineInfo): string {
  return (
    `${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.os}, Node ${machine.node}; ` +
    `load average ${machine.loadAverageAtStart} at the start (other work on the machine lowers the figures)`
  );
}

/**
 * RESULTS.md is written afresh on every run: the generated summary first, then
 * each part's table and notes. The method lives in bench/NOTES.md, which no run touches.
 */
const NOTES_LINE = 'How the figures are measured: [NOTES.md](NOTES.md).';

/** Results stored before verdicts were kept: what their table's target columns say, if anything. */
function storedTableVerdicts(table: PartOutcome['table'] | undefined): Verdict[] | undefined {
  const verdicts = table ? verdictsFromTable(table) : [];
  return verdicts.length > 0 ? verdicts : undefined;
}

function markdownReport(results: Record<string, StoredPart>, machine: MachineInfo): string {
  const summary = summarySection(
    BENCH_PARTS.map((part) => {
      const stored = results[part.name];
      return {
        name: part.name,
        measures: part.measures,
        finishedAt: stored?.finishedAt,
        measuredOn: stored?.measuredOn,
        verdicts: stored?.verdicts ?? storedTableVerdicts(stored?.table),
      };
    }),
  );
  const sections = BENCH_PARTS.filter((part) => results[part.name]?.table).map((part) => {
    const stored = results[part.name] as StoredPart & { table: PartOutcome['table'] };
    const ranOn = stored.machine && stored.machine !== machine ? `\n\nMachine: ${machineLine(stored.machine)}.` : '';
    const notes = (stored.notes ?? []).map((note) => `- ${note}`).join('\n');
    const commit = stored.measuredOn ? ` on ${stored.measuredOn.commit}${stored.measuredOn.uncommitted ? ' (with uncommitted changes)' : ''}` : '';
    const load = stored.loadAverage ? ` Load average ${stored.loadAverage.start} when the part began, ${stored.loadAverage.end} when it ended.` : '';
    return `### ${part.name}: ${part.description}\n\nRun ${stored.finishedAt}${commit}.${load}${ranOn}\n\n${formatMarkdownTable(stored.table.headers, stored.table.rows)}\n\n${notes}`;
  });
  return `# Benchmark results\n\nGenerated by \`npm run bench\` on ${new Date().toISOString()}.\n\n${NOTES_LINE}\n\nMachine: ${machineLine(machine)}.\n\n${summary}\n\n## Parts\n\n${sections.join('\n\n')}\n`;
}

async function main(): Promise<void> {
  const options: BenchOptions = {
    users: positiveInteger('users', values.users),
    warmup: positiveInteger('warmup', values.warmup),
    samples: positiveInteger('samples', values.samples),
  };
  const budgetMs = positiveInteger('budget-seconds', values['budget-seconds']) * 1000;
  const wanted = values.parts?.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = wanted?.filter((name) => !BENCH_PARTS.some((part) => part.name === name)) ?? [];
  if (unknown.length > 0) throw new Error(`Unknown part(s): ${unknown.join(', ')}. Known: ${BENCH_PARTS.map((part) => part.name).join(', ')}`);
  const parts = BENCH_PARTS.filter((part) => !wanted || wanted.includes(part.name));

  const machine = describeMachine();
  const startedAt = performance.now();
  if (values['summary-only']) {
    writeFileSync(MARKDOWN_FILE, markdownReport(readPreviousResults(), machine));
    process.stdout.write(`Wrote ${MARKDOWN_FILE} from ${RESULTS_FILE}\n`);
    return;
  }
  const endBy = startedAt + budgetMs;
  const results = readPreviousResults();
  const log = (message: string) => process.stdout.write(`${message}\n`);
  log(`Machine: ${machineLine(machine)}`);

  for (const [index, part] of parts.entries()) {
    // Each part gets its weighted share of the time that is left.
    const weightLeft = parts.slice(index).reduce((sum, later) => sum + (later.weight ?? 1), 0);
    const deadline = performance.now() + ((endBy - performance.now()) * (part.weight ?? 1)) / weightLeft;
    log(`\n== ${part.name}: ${part.description}`);
    // Read before the run: the code measured is the code checked out when it started.
    const on = measuredOn(part.measures);
    const loadAtStart = oneMinuteLoad();
    const outcome = await part.run({ options, deadline, log });
    log('');
    log(formatTable(outcome.table.headers, outcome.table.rows));
    for (const note of outcome.notes) log(`  ${note}`);
    results[part.name] = {
      finishedAt: new Date().toISOString(),
      loadAverage: { start: loadAtStart, end: oneMinuteLoad() },
      options,
      machine,
      table: outcome.table,
      notes: outcome.notes,
      ...(on ? { measuredOn: on } : {}),
      verdicts: outcome.verdicts ?? verdictsFromTable(outcome.table),
      ...(outcome.data as Record<string, unknown>),
    };
  }

  writeFileSync(RESULTS_FILE, `${JSON.stringify({ generatedAt: new Date().toISOString(), node: process.version, machine, parts: results }, null, 2)}\n`);
  writeFileSync(MARKDOWN_FILE, markdownReport(results, machine));
  log(`\nWrote ${RESULTS_FILE} and ${MARKDOWN_FILE} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
}

main().then(
  // PGlite and pg pools may keep handles open; the run is over.
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
