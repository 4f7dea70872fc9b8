import { fromCallback, fromPromise, type AnyActorLogic, type AnyEventObject, type AnyStateMachine } from 'xstate';
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
  // The root's own invocations (a source that runs for the machine's whole life) too.
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
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
  /** The running callback actors' `sendBack`, by actor name. */
  private readonly sources = new Map<string, (event: AnyEventObject) => void>();

  /**
   * Implementations to pass to `machine.provide({ actors })`. The names in
   * `callbacks` are long-lived sources (`fromCallback`): they run until the
   * machine stops them, and the test sends their events through them (`emit`).
   */
  implementationsFor(machine: AnyStateMachine, keep: readonly string[] = [], callbacks: readonly string[] = []): Record<string, AnyActorLogic> {
    const implementations: Record<string, AnyActorLogic> = {};
    for (const src of invokedActorNames(machine)) {
      if (keep.includes(src)) continue;
      if (callbacks.includes(src)) {
        implementations[src] = fromCallback<AnyEventObject, unknown>(({ input, self, sendBack }) => {
          this.invocations.push({ id: self.id, src, input });
          this.sources.set(src, sendBack);
          return () => {
            if (this.sources.get(src) === sendBack) this.sources.delete(src);
          };
        });
        continue;
      }
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

  /** An event from a running callback actor to the machine, as the real source would send it. */
  emit(src: string, event: AnyEventObject): void {
    const sendBack = this.sources.get(src);
    if (!sendBack) throw new Error(`No callback actor "${src}" is running to send ${event.type}`);
    sendBack(event);
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
