import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';

/** A machine to document, with the file it came from (shown on its page). */
export interface MachineSource {
  machine: AnyStateMachine;
  sourceFile: string;
}

export const MACHINE_FILE = /\.machine\.ts$/;

/**
 * Recognises a machine by shape rather than `instanceof`, which breaks when
 * a machine and this script load XState through different module formats.
 */
export function isStateMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    '__xstatenode' in value &&
    'root' in value &&
    'implementations' in value &&
    typeof (value as { provide?: unknown }).provide === 'function'
  );
}

/** Every distinct machine a module exports, ordered by machine id. */
export function exportedMachines(moduleExports: Record<string, unknown>): AnyStateMachine[] {
  const machines = new Set(Object.values(moduleExports).filter(isStateMachine));
  return [...machines].sort((a, b) => a.id.localeCompare(b.id));
}

/** Imports every `machines/<area>/<flow>.machine.ts` under `repoRoot` (needs a TS-aware runner such as tsx). */
export async function discoverMachines(repoRoot: string): Promise<MachineSource[]> {
  const machinesDir = path.join(repoRoot, 'machines');
  const files = (await readdir(machinesDir, { recursive: true }))
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => MACHINE_FILE.test(path.basename(file)))
    .sort();
  const sources: MachineSource[] = [];
  for (const file of files) {
    const moduleExports = (await import(pathToFileURL(path.join(machinesDir, file)).href)) as Record<string, unknown>;
    const machines = exportedMachines(moduleExports);
    if (!machines.length) throw new Error(`machines/${file} exports no state machine`);
    for (const machine of machines) sources.push({ machine, sourceFile: `machines/${file}` });
  }
  return sources;
}
