import { describe, expect, it } from 'vitest';
import { raise, setup } from 'xstate';
import { exportedMachines } from '../../scripts/statecharts/discover';
import { findDelayViolations } from '../support/named-delays';

// Every machine in the repo, its model-based test and its generated page:
// a new machine without either fails here, not in review.
const machineModules = import.meta.glob<Record<string, unknown>>('../../machines/**/*.machine.ts', { eager: true });
const machineTestFiles = Object.keys(import.meta.glob('./**/*.machine.test.{ts,tsx}'));
const statechartPages = Object.keys(import.meta.glob('../../docs/statecharts/*.md', { query: '?raw' }));

describe('named delays and companions of every machine', () => {
  const files = Object.keys(machineModules).sort();

  it('finds the machines folder', () => {
    expect(files).toContain('../../machines/auth/auth.machine.ts');
  });

  for (const file of files) {
    // machines/<area>/<flow>.machine.ts is tested by test/machines/<area>/<flow>.machine.test.ts(x)
    const name = file.replace('../../machines/', '').replace(/\.machine\.ts$/, '');
    const machines = exportedMachines(machineModules[file] ?? {});

    describe(`${name}.machine.ts`, () => {
      it('exports a state machine', () => {
        expect(machines.length).toBeGreaterThan(0);
      });

      it(`has a model-based test at test/machines/${name}.machine.test.ts(x)`, () => {
        const companions = machineTestFiles.filter((test) => test === `./${name}.machine.test.ts` || test === `./${name}.machine.test.tsx`);
        expect(companions, `no test/machines/${name}.machine.test.ts(x)`).not.toEqual([]);
      });

      for (const machine of machines) {
        it(`${machine.id}: every after key is a delay named in implementations.delays`, () => {
          expect(findDelayViolations(machine)).toEqual([]);
        });

        it(`${machine.id}: has a generated docs/statecharts/${machine.id}.md`, () => {
          expect(statechartPages, 'run npm run statecharts').toContain(`../../docs/statecharts/${machine.id}.md`);
        });
      }
    });
  }
});

describe('the named-delay checker', () => {
  it('accepts named delays, including nested ones', () => {
    const good = setup({ delays: { CONNECT_DELAY: 2000, REDIRECT_DELAY: 2000 } }).createMachine({
      id: 'goodTimers',
      initial: 'connecting',
      states: {
        connecting: { after: { CONNECT_DELAY: 'call' } },
        call: { initial: 'ending', states: { ending: { after: { REDIRECT_DELAY: '#goodTimers.connecting' } } } },
      },
    });
    expect(findDelayViolations(good)).toEqual([]);
  });

  it('reports raw milliseconds, numeric strings, unknown names and raw-ms delayed actions', () => {
    const bad = setup({ delays: { CONNECT_DELAY: 2000 } }).createMachine({
      id: 'badTimers',
      initial: 'waiting',
      states: {
        waiting: { after: { 2000: 'call' } },
        call: {
          initial: 'ringing',
          states: {
            ringing: { after: { '1500': '#badTimers.waiting' } },
            ended: { entry: raise({ type: 'REDIRECT' }, { delay: 300 }) },
          },
        },
      },
    });
    const unnamed = setup({}).createMachine({
      id: 'unknownDelay',
      initial: 'idle',
      states: { idle: { after: { SCAN_DELAY: 'done' } }, done: {} },
    });

    expect(findDelayViolations(bad)).toEqual([
      'badTimers.waiting: after 2000 is raw milliseconds; name it in setup({ delays }) and use the name',
      'badTimers.call.ringing: after 1500 is raw milliseconds; name it in setup({ delays }) and use the name',
      'badTimers.call.ended: a delayed action waits a raw 300 ms; use a named delay',
    ]);
    expect(findDelayViolations(unnamed)).toEqual([
      'unknownDelay.idle: after SCAN_DELAY names a delay that implementations.delays does not define',
    ]);
  });
});
