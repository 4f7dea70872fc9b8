import { useEffect } from 'react';
import type { ActorOptions, AnyActorLogic, AnyActorRef, InspectionEvent } from 'xstate';

export type ActorClock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

/**
 * What a model-based test swaps into a screen: the machine with its invoked
 * actors replaced by test-controlled ones, the simulated clock, and the
 * coverage inspector. The app passes none of these.
 */
export interface MachineOverrides<TMachine> {
  machine?: TMachine;
  clock?: ActorClock;
  inspect?: (event: InspectionEvent) => void;
  /** Hands the running actor to the test, which checks its state after each step. */
  onActor?: (actor: AnyActorRef) => void;
}

/** The clock and inspector for `useActorRef`, only when a test gave them. */
export function actorRuntime(overrides: MachineOverrides<unknown> | undefined): { clock?: ActorClock; inspect?: (event: InspectionEvent) => void } {
  return {
    ...(overrides?.clock ? { clock: overrides.clock } : {}),
    ...(overrides?.inspect ? { inspect: overrides.inspect } : {}),
  };
}

/** Tells the test which actor the screen is running. */
export function useReportActor(overrides: MachineOverrides<unknown> | undefined, actor: AnyActorRef): void {
  const onActor = overrides?.onActor;
  useEffect(() => {
    onActor?.(actor);
  }, [actor, onActor]);
}
