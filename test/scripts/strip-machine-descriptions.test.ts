import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { exportedMachines, MACHINE_FILE } from '../../scripts/statecharts/discover';
import { MACHINE_MODULE, stripMachineDescriptions } from '../../scripts/lib/strip-machine-descriptions';

const ROOT = path.resolve(__dirname, '../..');
const MACHINES_DIR = path.join(ROOT, 'machines');

/** A machine's definition as data, without its descriptions: what the app runs on. */
function behaviourOf(machine: AnyStateMachine): unknown {
  const withoutDescriptions = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(withoutDescriptions);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'description')
        .map(([key, inner]) => [key, withoutDescriptions(inner)]),
    );
  };
  return withoutDescriptions(JSON.parse(JSON.stringify(machine.definition)));
}

async function importModule(file: string): Promise<Record<string, unknown>> {
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

function descriptionsOf(machine: AnyStateMachine): string[] {
  const found: string[] = [];
  const visit = (node: { description?: string; states: Record<string, unknown> }) => {
    if (node.description) found.push(node.description);
    for (const child of Object.values(node.states)) visit(child as typeof node);
  };
  visit(machine.root);
  return found;
}

describe('stripMachineDescriptions', () => {
  it('removes the descriptions of a machine config, and nothing else', () => {
    const source = [
      "const note = { description: 'kept: not a machine' };",
      'export const m = setup({}).createMachine({',
      "  id: 'm',",
      "  description: 'The machine. ' + `Two parts.`,",
      "  initial: 'a',",
      '  states: {',
      "    a: { description: 'First', on: { GO: 'b' } },",
      "    b: { on: { BACK: 'a' }, description: `Last, with 🎉 and ’` },",
      "    c: { description: computed(), type: 'final' },",
      '  },',
      '});',
    ].join('\n');
    const stripped = stripMachineDescriptions(source)!;
    expect(stripped).toContain("const note = { description: 'kept: not a machine' };");
    expect(stripped).not.toMatch(/The machine|First|Last/);
    // A description the build cannot read is left for the code to compute.
    expect(stripped).toContain('description: computed()');
    expect(stripped.replace(/\s+/g, ' ')).toContain("states: { a: { on: { GO: 'b' } }, b: { on: { BACK: 'a' }, }, c: { description: computed(), type: 'final' }");
  });

  it('leaves a module without a machine description as it is', () => {
    expect(stripMachineDescriptions("export const x = createMachine({ id: 'x' });")).toBeNull();
    expect(stripMachineDescriptions("export const meta = { description: 'a page' };")).toBeNull();
  });

  it('applies to the machine modules only', () => {
    expect(MACHINE_MODULE.test(path.join(MACHINES_DIR, 'auth', 'auth.machine.ts'))).toBe(true);
    expect(MACHINE_MODULE.test(path.join(MACHINES_DIR, 'calls', 'video-call.sim.ts'))).toBe(false);
    expect(MACHINE_MODULE.test(path.join(ROOT, 'src/features/blog/blog-meta.ts'))).toBe(false);
  });
});

// Every real machine, stripped as the build strips it, imported and compared
// with the machine as written: the same states, transitions, delays and
// actors, and none of the texts.
describe('the machines as the production build ships them', () => {
  let workDir = '';
  const files: string[] = [];

  beforeAll(async () => {
    // Beside the tests, so `xstate` resolves from the project; relative imports
    // are pointed back at the real modules.
    workDir = await mkdtemp(path.join(__dirname, '.stripped-'));
    const all = await readdir(MACHINES_DIR, { recursive: true });
    files.push(...all.filter((file) => MACHINE_FILE.test(path.basename(file))).sort());
    for (const file of files) {
      const source = await readFile(path.join(MACHINES_DIR, file), 'utf8');
      const stripped = stripMachineDescriptions(source, file) ?? source;
      // Relative imports point back at the real modules beside the machine as written.
      const writtenDir = path.dirname(path.join(MACHINES_DIR, file));
      const rebased = stripped.replace(/from '(\.\.?\/[^']+)'/g, (_whole, specifier: string) => `from '${path.resolve(writtenDir, specifier)}'`);
      await mkdir(path.dirname(path.join(workDir, file)), { recursive: true });
      await writeFile(path.join(workDir, file), rebased);
    }
  });

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('covers every machine', () => {
    expect(files.length).toBeGreaterThanOrEqual(11);
  });

  it('keeps each machine whole while dropping every description', async () => {
    for (const file of files) {
      const written = exportedMachines(await importModule(path.join(MACHINES_DIR, file)));
      const shipped = exportedMachines(await importModule(path.join(workDir, file)));
      expect(shipped.map((machine) => machine.id), file).toEqual(written.map((machine) => machine.id));
      for (const [index, machine] of written.entries()) {
        expect(descriptionsOf(machine).length, `${file} documents its states`).toBeGreaterThan(0);
        expect(descriptionsOf(shipped[index]!), file).toEqual([]);
        expect(behaviourOf(shipped[index]!), file).toEqual(behaviourOf(machine));
        const shippedSource = await readFile(path.join(workDir, file), 'utf8');
        for (const text of descriptionsOf(machine)) expect(shippedSource, file).not.toContain(text);
      }
    }
  });
});
