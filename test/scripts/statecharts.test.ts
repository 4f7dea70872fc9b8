import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { authMachine } from '../../machines/auth/auth.machine';
import { exportedMachines, type MachineSource } from '../../scripts/statecharts/discover';
import { generateStatecharts, renderStatechartFiles } from '../../scripts/statecharts/generate';
import { readWalkthroughs } from '../../scripts/statecharts/walkthroughs';

const auth: MachineSource = { machine: authMachine, sourceFile: 'machines/auth/auth.machine.ts' };

// A call-like flow with what the auth machine lacks: nesting, named timers, a final state.
const callMachine = setup({
  types: { events: {} as { type: 'HANG_UP' } | { type: 'RETRY' } },
  actors: { dial: fromPromise(() => Promise.resolve('line open')) },
  guards: { canRetry: () => true },
  delays: { CONNECT_DELAY: 2000, REDIRECT_DELAY: 2000 },
}).createMachine({
  id: 'testCall',
  description: 'A test call. It connects after a pause.',
  initial: 'call',
  states: {
    call: {
      initial: 'connecting',
      on: { HANG_UP: 'ended' },
      states: {
        connecting: { invoke: { id: 'dialer', src: 'dial' }, after: { CONNECT_DELAY: 'connected' } },
        connected: { on: { RETRY: { guard: 'canRetry', target: '#testCall.redirecting' } } },
      },
    },
    redirecting: { after: { REDIRECT_DELAY: 'ended' } },
    ended: { type: 'final' },
  },
});
const call: MachineSource = { machine: callMachine, sourceFile: 'inline' };

describe('statechart pages', () => {
  it('draws the auth machine as a Mermaid state diagram with every state and guard', async () => {
    const page = (await renderStatechartFiles([auth])).get('auth.md')!;
    expect(page).toContain('```mermaid\nstateDiagram-v2');
    for (const state of ['resolving', 'signedOut', 'user', 'admin', 'signingIn', 'registering']) {
      expect(page).toMatch(new RegExp(`^  ${state}$`, 'm'));
      expect(page).toContain(`| \`${state}\``);
    }
    expect(page).toContain('resolving --> admin : [hasAdminToken]');
    expect(page).toContain('user --> leaving : LOGOUT');
    expect(page).toContain(authMachine.root.description!);
    expect(page).toMatch(/`signIn` \(id `signIn`\) runs while in `signingIn`/);
  });

  it('labels every timed transition with its delay name and milliseconds, and nests composite states', async () => {
    const files = await renderStatechartFiles([call]);
    const page = files.get('testCall.md')!;
    expect(page).toContain('state call {');
    expect(page).toContain('    connecting --> connected : after CONNECT_DELAY (2000 ms)');
    expect(page).toContain('redirecting --> ended : after REDIRECT_DELAY (2000 ms)');
    // Mermaid cannot join states inside different composites: drawn at the composite, named in the label.
    expect(page).toContain('call --> redirecting : RETRY [canRetry] (from call.connected)');
    expect(page).toContain('ended --> [*]');
    expect(page).toContain('- `CONNECT_DELAY`: 2000 ms');
    expect(files.get('testCall.svg')).toContain('after CONNECT_DELAY (2000 ms)');
    expect(files.get('README.md')).toContain('| [testCall](testCall.md) | A test call. | 5 | CONNECT_DELAY (2000 ms), REDIRECT_DELAY (2000 ms) |');
  });

  it('tells apart states that share a key by their path', async () => {
    const twoIdles = setup({}).createMachine({
      id: 'twoIdles',
      initial: 'left',
      states: {
        left: { initial: 'idle', states: { idle: { on: { GO: '#twoIdles.right.idle' } } } },
        right: { initial: 'idle', states: { idle: {} } },
      },
    });
    const page = (await renderStatechartFiles([{ machine: twoIdles, sourceFile: 'inline' }])).get('twoIdles.md')!;
    expect(page).toContain('state "idle" as left__idle');
    expect(page).toContain('state "idle" as right__idle');
    expect(page).toContain('left --> right : GO (from left.idle, to right.idle)');
  });

  it('renders a valid SVG through Graphviz, one node per state', async () => {
    const svg = (await renderStatechartFiles([auth])).get('auth.svg')!;
    expect(svg).toMatch(/^<\?xml[^>]*>\s*<!DOCTYPE svg/);
    const document = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(document.querySelector('parsererror')).toBeNull();
    const titles = [...document.querySelectorAll('g.node > title')].map((title) => title.textContent);
    expect(titles).toEqual(expect.arrayContaining(['auth.resolving', 'auth.signedOut', 'auth.user', 'auth.admin', 'auth.signingIn', 'auth.registering']));
  });

  it('is deterministic and says when a description is missing', async () => {
    const bare = setup({}).createMachine({ id: 'bare', initial: 'idle', states: { idle: {} } });
    const first = await renderStatechartFiles([auth, { machine: bare, sourceFile: 'inline' }]);
    const second = await renderStatechartFiles([{ machine: bare, sourceFile: 'inline' }, auth]);
    expect([...first.entries()]).toEqual([...second.entries()]);
    expect(first.get('bare.md')).toContain('No description yet: add `description` to the root of the machine config.');
  });

  it('refuses two machines with the same id, since ids name the files', async () => {
    await expect(renderStatechartFiles([auth, { machine: authMachine, sourceFile: 'machines/copy.machine.ts' }])).rejects.toThrow(
      /"auth" is used by both/,
    );
  });

  it('finds exported machines in a module and ignores other exports', () => {
    expect(exportedMachines({ authMachine, again: authMachine, selectError: () => null, call: callMachine })).toEqual([authMachine, callMachine]);
  });
});

describe('statechart check mode', () => {
  let outDir = '';
  afterEach(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('reports missing, stale and orphaned files without writing, and write mode repairs them', async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'statecharts-'));
    const sources = [auth, call];

    const fresh = await generateStatecharts({ sources, outDir, check: true });
    expect(fresh.missing).toEqual(['auth.md', 'auth.svg', 'testCall.md', 'testCall.svg', 'README.md']);

    await generateStatecharts({ sources, outDir, check: false });
    expect(await generateStatecharts({ sources, outDir, check: true })).toEqual({ changed: [], missing: [], stale: [], orphaned: [] });

    const page = path.join(outDir, 'testCall.md');
    await writeFile(page, 'edited by hand\n');
    await rm(path.join(outDir, 'auth.svg'));
    await writeFile(path.join(outDir, 'oldFlow.md'), '# a machine that was deleted\n');
    const drifted = await generateStatecharts({ sources, outDir, check: true });
    expect(drifted).toMatchObject({ stale: ['testCall.md'], missing: ['auth.svg'], orphaned: ['oldFlow.md'] });
    expect(await readFile(page, 'utf8')).toBe('edited by hand\n');

    await generateStatecharts({ sources, outDir, check: false });
    expect(await generateStatecharts({ sources, outDir, check: true })).toEqual({ changed: [], missing: [], stale: [], orphaned: [] });
    expect(await readFile(page, 'utf8')).toContain('after CONNECT_DELAY (2000 ms)');
  });
});

describe('reviewer walk-throughs in the index', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('includes each hand-written walk-through under its flow, and names the flows that lack one', async () => {
    const walkthroughs = new Map([['testCall', '1. **`call.connecting`**: wait for `CONNECT_DELAY`.']]);
    const index = (await renderStatechartFiles([auth, call], walkthroughs)).get('README.md')!;
    const section = index.slice(index.indexOf('## Walk-throughs'));
    expect(section).toContain('### testCall\n\nDiagram and tables: [testCall.md](testCall.md).\n\n1. **`call.connecting`**: wait for `CONNECT_DELAY`.\n');
    expect(section).toContain('### auth\n\nDiagram and tables: [auth.md](auth.md).\n\nNo walk-through yet: write one in `walkthroughs/auth.md`.');
    // Flows appear in id order whatever the order of the sources.
    expect(section.indexOf('### auth')).toBeLessThan(section.indexOf('### testCall'));
    expect(await renderStatechartFiles([call, auth], walkthroughs)).toEqual(await renderStatechartFiles([auth, call], walkthroughs));
  });

  it('refuses a walk-through for a machine that does not exist', async () => {
    await expect(renderStatechartFiles([auth], new Map([['oldFlow', 'text']]))).rejects.toThrow(/walkthroughs\/oldFlow\.md/);
  });

  it('reads Markdown files by machine id, normalising line ends, and treats a missing folder as none', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'walkthroughs-'));
    await writeFile(path.join(dir, 'testCall.md'), 'Step one.  \r\nStep two.\r\n\r\n');
    await writeFile(path.join(dir, 'notes.txt'), 'not a walk-through');
    expect([...(await readWalkthroughs(dir)).entries()]).toEqual([['testCall', 'Step one.\nStep two.']]);
    expect((await readWalkthroughs(path.join(dir, 'absent'))).size).toBe(0);
  });

  it('makes check mode report the index stale when a walk-through changes', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'statecharts-'));
    const sources = [auth, call];
    await generateStatecharts({ sources, outDir: dir, check: false, walkthroughs: new Map([['testCall', 'First story.']]) });
    const edited = await generateStatecharts({ sources, outDir: dir, check: true, walkthroughs: new Map([['testCall', 'Second story.']]) });
    expect(edited).toMatchObject({ stale: ['README.md'], missing: [], orphaned: [] });
  });
});
