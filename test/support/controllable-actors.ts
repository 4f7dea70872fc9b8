import { fromPromise, type AnyStateMachine, type PromiseActorLogic } from 'xstate';
import { getStateNodes } from 'xstate/graph';

export interface Invocation {
  /** The invoke id: the `<id>` of `xstate.done.actor.<id>`. */
  id: string;
  /** The actor implementation name the machine refers to. */
  src: string;
  input: unknown;
}

type Outcome = { output: unknown } | { error: unknown };

interface Pending {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** The names of every actor a machine invokes by reference (`src: 'name'`). */
export function invokedActorNames(machine: AnyStateMachine): string[] {
  const names = new Set<string>();
  for (const node of getStateNodes(machine.root)) {
    for (const invoke of node.invoke) if (typeof invoke.src === 'string') names.add(invoke.src);
  }
  return [...names].sort();
}

/**
 * Promise actors whose results the test decides: each invocation waits until
 * a path step says `xstate.done.actor.<id>` (resolve with its `output`) or
 * `xstate.error.actor.<id>` (reject with its `error`). Nothing resolves on
 * its own, so no step can be skipped or arrive twice unnoticed.
 */
export class ControllableActors {
  readonly invocations: Invocation[] = [];
  private readonly pending = new Map<string, Pending>();

  /** Implementations to pass to `machine.provide({ actors })`. */
  implementationsFor(machine: AnyStateMachine, keep: readonly string[] = []): Record<string, PromiseActorLogic<unknown, unknown>> {
    const implementations: Record<string, PromiseActorLogic<unknown, unknown>> = {};
    for (const src of invokedActorNames(machine)) {
      if (keep.includes(src)) continue;
      implementations[src] = fromPromise<unknown, unknown>(
        ({ input, self }) =>
          new Promise((resolve, reject) => {
            this.invocations.push({ id: self.id, src, input });
            this.pending.set(self.id, { resolve, reject });
          }),
      );
    }
    return implementations;
  }

  isRunning(id: string): boolean {
    return this.pending.has(id);
  }

  settle(id: string, outcome: Outcome): void {
    const pending = this.pending.get(id);
    if (!pending) {
      const running = [...this.pending.keys()].join(', ') || 'none';
      throw new Error(`No invoked actor "${id}" is waiting for a result (waiting: ${running})`);
    }
    this.pending.delete(id);
    if ('output' in outcome) pending.resolve(outcome.output);
    else pending.reject(outcome.error);
  }
}
