import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatTable } from './lib/table';
import { BENCH_PARTS } from './parts/index';
import type { BenchOptions } from './parts/part';

// `npm run bench` runs every part within a time budget, prints a table per
// part and writes bench/results.json (parts not run keep their last results).
//   npm run bench -- --parts radar --users 20000 --budget-seconds 120

const RESULTS_FILE = fileURLToPath(new URL('./results.json', import.meta.url));

const { values } = parseArgs({
  options: {
    parts: { type: 'string' },
    users: { type: 'string', default: '100000' },
    warmup: { type: 'string', default: '20' },
    samples: { type: 'string', default: '400' },
    'budget-seconds': { type: 'string', default: '300' },
  },
});

function positiveInteger(name: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number (got ${text ?? 'nothing'})`);
  return value;
}

function readPreviousResults(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(RESULTS_FILE, 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'parts' in parsed && typeof parsed.parts === 'object' && parsed.parts !== null) {
      return { ...(parsed.parts as Record<string, unknown>) };
    }
  } catch {
    // No earlier results (or unreadable ones): start afresh.
  }
  return {};
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

  const startedAt = performance.now();
  const endBy = startedAt + budgetMs;
  const results = readPreviousResults();
  const log = (message: string) => process.stdout.write(`${message}\n`);

  for (const [index, part] of parts.entries()) {
    // Each part gets an equal share of the time that is left.
    const deadline = performance.now() + (endBy - performance.now()) / (parts.length - index);
    log(`\n== ${part.name}: ${part.description}`);
    const outcome = await part.run({ options, deadline, log });
    log('');
    log(formatTable(outcome.table.headers, outcome.table.rows));
    for (const note of outcome.notes) log(`  ${note}`);
    results[part.name] = { finishedAt: new Date().toISOString(), options, ...(outcome.data as Record<string, unknown>) };
  }

  writeFileSync(RESULTS_FILE, `${JSON.stringify({ generatedAt: new Date().toISOString(), node: process.version, parts: results }, null, 2)}\n`);
  log(`\nWrote ${RESULTS_FILE} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
}

main().then(
  // PGlite and pg pools may keep handles open; the run is over.
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
