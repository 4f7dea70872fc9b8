import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildChartModel } from './chart-model';
import type { MachineSource } from './discover';
import { renderIndex } from './render-index';
import { renderPage } from './render-page';
import { renderDot, renderSvg } from './render-svg';
import { unknownWalkthroughs, WALKTHROUGH_DIR } from './walkthroughs';

export const INDEX_FILE = 'README.md';
const GENERATED_FILE = /\.(md|svg)$/;

/**
 * Every file the docs folder should hold, by file name, in a stable order.
 * `walkthroughs` (machine id to hand-written Markdown) go into the index.
 */
export async function renderStatechartFiles(
  sources: MachineSource[],
  walkthroughs: ReadonlyMap<string, string> = new Map(),
): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  for (const { machine, sourceFile } of sources) {
    const earlier = seen.get(machine.id);
    if (earlier) throw new Error(`Machine id "${machine.id}" is used by both ${earlier} and ${sourceFile}; ids name the docs files`);
    seen.set(machine.id, sourceFile);
  }
  const strays = unknownWalkthroughs(walkthroughs, [...seen.keys()]);
  if (strays.length) {
    throw new Error(`No machine has the id of ${strays.map((id) => `${WALKTHROUGH_DIR}/${id}.md`).join(', ')}; rename or remove it`);
  }
  const ordered = [...sources].sort((a, b) => a.machine.id.localeCompare(b.machine.id));
  const files = new Map<string, string>();
  const charts = ordered.map(({ machine }) => buildChartModel(machine));
  for (const [index, chart] of charts.entries()) {
    files.set(`${chart.id}.md`, renderPage(chart, ordered[index]!.sourceFile));
    files.set(`${chart.id}.svg`, await renderSvg(renderDot(chart)));
  }
  files.set(INDEX_FILE, renderIndex(charts, walkthroughs));
  return files;
}

export interface StatechartReport {
  /** Files written (write mode) or that would be (check mode), relative to the output dir. */
  changed: string[];
  missing: string[];
  stale: string[];
  /** Generated-looking files no machine produces any more. */
  orphaned: string[];
}

async function readIfPresent(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Writes the docs into `outDir`, or with `check` only reports what is missing, stale or orphaned. */
export async function generateStatecharts(options: {
  sources: MachineSource[];
  outDir: string;
  check: boolean;
  walkthroughs?: ReadonlyMap<string, string>;
}): Promise<StatechartReport> {
  const { sources, outDir, check, walkthroughs } = options;
  const files = await renderStatechartFiles(sources, walkthroughs);
  const report: StatechartReport = { changed: [], missing: [], stale: [], orphaned: [] };
  for (const [name, content] of files) {
    const current = await readIfPresent(path.join(outDir, name));
    if (current === content) continue;
    (current === null ? report.missing : report.stale).push(name);
    report.changed.push(name);
  }
  const existing = await readdir(outDir).catch(() => [] as string[]);
  report.orphaned = existing.filter((name) => GENERATED_FILE.test(name) && !files.has(name)).sort();
  if (check) return report;

  await mkdir(outDir, { recursive: true });
  for (const name of report.changed) await writeFile(path.join(outDir, name), files.get(name)!, 'utf8');
  for (const name of report.orphaned) await rm(path.join(outDir, name));
  return report;
}
