import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import type { ActorOptions } from 'xstate';
import { liveViewerMachine } from '../../../../machines/live/viewer.machine';
import { realtimeHub } from '../../../realtime/hub';
import type { CreateLivePeerConnection } from '../host/live-peer';
import type { LiveHub } from '../host/stream-actors';
import { createStreamWatcher } from './stream-watcher';
import { createViewerActors } from './watch-actors';

type ViewerOptions = ActorOptions<typeof liveViewerMachine>;

/** What a test may hand the viewer screen instead of the browser's own (the app passes none). */
export interface WatchTestOptions {
  /** The machine with its actors already provided (simulated ones). */
  machine?: typeof liveViewerMachine;
  clock?: ViewerOptions['clock'];
  inspect?: ViewerOptions['inspect'];
  hub?: LiveHub;
  createPeerConnection?: CreateLivePeerConnection;
}

/**
 * The viewer machine of one stream page, with its watcher (the peer
 * connection whose picture the page shows). Leaving the page stops the
 * machine, whose `watch` actor then leaves the stream and closes the connection.
 */
export function useLiveViewerActor(streamId: string, options: WatchTestOptions = {}) {
  const { machine, clock, inspect, hub = realtimeHub, createPeerConnection } = options;
  const queryClient = useQueryClient();
  const [watcher] = useState(() => createStreamWatcher({ hub, ...(createPeerConnection && { createPeerConnection }) }));
  const logic = useMemo(
    () => machine ?? liveViewerMachine.provide({ actors: createViewerActors({ hub, watcher, queryClient }) }),
    [machine, hub, watcher, queryClient],
  );
  // Only what a test passed: an explicit `clock: undefined` would replace XState's real clock.
  const actor = useActorRef(logic, { input: { streamId }, ...(clock && { clock }), ...(inspect && { inspect }) });
  return { actor, watcher };
}
