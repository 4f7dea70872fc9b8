import { fromCallback, fromPromise, type EventObject } from 'xstate';

/**
 * The default for an injected actor: it fails loudly, so a screen or test
 * that forgot `.provide({ actors })` shows why instead of hanging in a busy state.
 */
export function actorNotProvided<TOutput, TInput>(machine: string, name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`${machine}: the "${name}" actor was not provided`)));
}

/**
 * The same for a long-lived (callback) actor: it says so on the console and
 * sends nothing, so a machine without it keeps working without the source.
 */
export function callbackActorNotProvided<TEvent extends EventObject, TInput>(machine: string, name: string) {
  return fromCallback<TEvent, TInput>(() => {
    console.error(`${machine}: the "${name}" actor was not provided`);
  });
}
