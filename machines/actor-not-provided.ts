import { fromPromise } from 'xstate';

/**
 * The default for an injected actor: it fails loudly, so a screen or test
 * that forgot `.provide({ actors })` shows why instead of hanging in a busy state.
 */
export function actorNotProvided<TOutput, TInput>(machine: string, name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`${machine}: the "${name}" actor was not provided`)));
}
