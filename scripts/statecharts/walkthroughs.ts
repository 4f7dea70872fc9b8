import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Reviewer walk-throughs: hand-written Markdown, one file per flow at
 * `docs/statecharts/walkthroughs/<machine id>.md`, that the generated index
 * includes. They live in a folder of their own so the generator never
 * mistakes them for its output (nor removes them as orphans).
 */
export const WALKTHROUGH_DIR = 'walkthroughs';
const WALKTHROUGH_FILE = /^(.+)\.md$/;

/** One walk-through's text as the index shows it: LF line ends, no trailing blank lines. */
export function normaliseWalkthrough(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}

/** Every walk-through in `dir` by machine id; an absent folder means none. */
export async function readWalkthroughs(dir: string): Promise<Map<string, string>> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
  const walkthroughs = new Map<string, string>();
  for (const name of names.sort()) {
    const machineId = WALKTHROUGH_FILE.exec(name)?.[1];
    if (!machineId) continue;
    walkthroughs.set(machineId, normaliseWalkthrough(await readFile(path.join(dir, name), 'utf8')));
  }
  return walkthroughs;
}

/** Walk-throughs must belong to a machine, or a renamed machine would silently lose its story. */
export function unknownWalkthroughs(walkthroughs: ReadonlyMap<string, string>, machineIds: readonly string[]): string[] {
  return [...walkthroughs.keys()].filter((id) => !machineIds.includes(id)).sort();
}
