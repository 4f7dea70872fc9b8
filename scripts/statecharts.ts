import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverMachines } from './statecharts/discover';
import { generateStatecharts } from './statecharts/generate';
import { readWalkthroughs, WALKTHROUGH_DIR } from './statecharts/walkthroughs';

/**
 * `npm run statecharts` writes docs/statecharts/ from every machine in
 * machines/<area>/<flow>.machine.ts; `npm run statecharts:check` (`--check`) writes
 * nothing and exits 1 when a file is missing, stale or orphaned, so CI
 * catches a machine changed without its docs. Hand-written reviewer
 * walk-throughs in docs/statecharts/walkthroughs/<machine id>.md are
 * included in the index, so editing one also needs a regeneration.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(repoRoot, 'docs', 'statecharts');
const check = process.argv.includes('--check');

const sources = await discoverMachines(repoRoot);
const walkthroughs = await readWalkthroughs(path.join(outDir, WALKTHROUGH_DIR));
const report = await generateStatecharts({ sources, outDir, check, walkthroughs });
const relative = (name: string) => path.relative(repoRoot, path.join(outDir, name));

if (check) {
  const problems = [
    ...report.missing.map((name) => `missing: ${relative(name)}`),
    ...report.stale.map((name) => `stale: ${relative(name)}`),
    ...report.orphaned.map((name) => `orphaned (no machine makes it): ${relative(name)}`),
  ];
  if (problems.length) {
    console.error(`Statechart docs are out of date; run npm run statecharts.\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(`Statechart docs are up to date (${sources.length} machine${sources.length === 1 ? '' : 's'}).`);
} else {
  for (const name of report.changed) console.log(`wrote ${relative(name)}`);
  for (const name of report.orphaned) console.log(`removed ${relative(name)}`);
  if (!report.changed.length && !report.orphaned.length) console.log('Statechart docs already up to date.');
}
