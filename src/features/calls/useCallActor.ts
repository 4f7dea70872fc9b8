import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import type { ActorOptions } from 'xstate';
import { videoCallMachine, type CallRole } from '../../../machines/calls/video-call.machine';
import { createSimulatedCallActors } from '../../../machines/calls/video-call.sim';
import { iceServersQueryOptions } from '../../api/calls';
import { realtimeHub, type RealtimeHub } from '../../realtime/hub';
import type { LocalMediaSession } from '../media/local-media';
import { createLocalMediaActors, createLocalMediaEffects } from '../media/media-actors';
import { useLocalMediaSession } from '../media/useLocalMediaSession';
import { createCallConnection, createCallEffects, createRealCallActors, type CallConnection } from './call-actors';

type CallOptions = ActorOptions<typeof videoCallMachine>;

/** What a test may hand the call screen instead of the browser's own (the app passes none). */
export interface CallTestOptions {
  clock?: CallOptions['clock'];
  inspect?: CallOptions['inspect'];
  /** A media session over fake devices. */
  createSession?: () => LocalMediaSession;
  hub?: RealtimeHub;
  /** The peer connection of a real call (the browser's RTCPeerConnection otherwise). */
  createConnection?: (session: LocalMediaSession) => CallConnection;
  /** The demo call's random source for its quality label. */
  random?: () => number;
}

export interface CallSetup {
  role: CallRole;
  callId: string;
  peerId: string;
  /** A seeded demo person: the spec's simulated call. */
  demo: boolean;
}

/**
 * The call machine of one screen, with its effects: the local camera and
 * microphone, and either the real call (signalling through the realtime hub,
 * the peer connection) or, for a demo person, the simulated one. Leaving the
 * screen stops the tracks and closes the connection whatever state the call is in.
 */
export function useCallActor(setup: CallSetup, options: CallTestOptions = {}) {
  const { clock, inspect, createSession, hub = realtimeHub, createConnection, random } = options;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useLocalMediaSession(createSession);
  // One connection per screen, and none for a demo call (nothing goes over the network).
  const [connection] = useState<CallConnection | null>(() => {
    if (setup.demo) return null;
    if (createConnection) return createConnection(session);
    return createCallConnection({ hub, session, iceServers: () => queryClient.fetchQuery(iceServersQueryOptions()) });
  });

  const logic = useMemo(() => {
    const callActors = connection ? createRealCallActors({ hub, connection }) : createSimulatedCallActors(random ? { random } : {});
    // A demo call tells nobody it ended; the machine never hangs one up.
    const callEffects = connection ? createCallEffects(hub) : {};
    return videoCallMachine.provide({
      actors: { ...createLocalMediaActors(session), ...callActors },
      actions: {
        ...createLocalMediaEffects(session),
        ...callEffects,
        leaveCall: (_, { peerId, toChat }) => void (toChat ? navigate({ to: '/messages', search: { with: peerId } }) : navigate({ to: '/users' })),
      },
    });
  }, [connection, hub, random, session, navigate]);

  // Only what a test passed: an explicit `clock: undefined` would replace XState's real clock.
  const actor = useActorRef(logic, { input: setup, ...(clock && { clock }), ...(inspect && { inspect }) });
  useStopWhenLeft(connection);

  // Leaving the page mid-call (a link, Back) ends the call for the other side too, as End would;
  // the machine stopping with the screen closes the connection and the tracks, but tells nobody.
  useEffect(
    () => () => {
      const snapshot = actor.getSnapshot();
      if (connection && snapshot.matches('call')) createCallEffects(hub).hangUp(undefined, { callId: snapshot.context.callId, reason: 'hung-up' });
    },
    [actor, connection, hub],
  );
  return { actor, session, connection };
}

/**
 * The connection listens to the hub from the start (the other side's offer
 * can come before this side's link opens); leaving the screen lets go of it.
 * React's StrictMode unmounts and mounts again at once in development: only
 * a screen still gone a moment later is really left.
 */
function useStopWhenLeft(connection: CallConnection | null) {
  const mounts = useRef(0);
  useEffect(() => {
    mounts.current += 1;
    return () => {
      mounts.current -= 1;
      queueMicrotask(() => {
        if (mounts.current === 0) connection?.stop();
      });
    };
  }, [connection]);
}
