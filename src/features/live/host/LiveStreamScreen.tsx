import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import { fromPromise, type ActorOptions } from 'xstate';
import { liveStreamMachine, type LiveStreamSnapshot, type StreamMedia, type StreamMediaRequest } from '../../../../machines/live/host.machine';
import { endStream } from '../../../api/live';
import { realtimeHub } from '../../../realtime/hub';
import { Container, Heading, px } from '../../../ui';
import { LiveNowList } from '../now/LiveNowList';
import type { LocalMediaSession } from '../../media/local-media';
import { createLocalMediaEffects } from '../../media/media-actors';
import { useLocalMediaSession } from '../../media/useLocalMediaSession';
import type { CreateLivePeerConnection } from './live-peer';
import { LiveBroadcast } from './LiveBroadcast';
import { createHostActors, type LiveHub } from './stream-actors';
import { StreamEnded } from './StreamEnded';
import { createStreamPublisher, type StreamPublisher } from './stream-publisher';
import { StreamSetup, type PreviewPhase } from './StreamSetup';

type StreamOptions = ActorOptions<typeof liveStreamMachine>;

export interface LiveStreamScreenProps {
  /** Tests pass the machine (with their own actors), its clock and an inspector; the app passes none. */
  machine?: typeof liveStreamMachine;
  clock?: StreamOptions['clock'];
  inspect?: StreamOptions['inspect'];
  /** Tests hand in a session over fake devices. */
  createSession?: () => LocalMediaSession;
  /** Tests: the realtime hub and the peer connections of a real stream (the tab's and the browser's otherwise). */
  hub?: LiveHub;
  createPeerConnection?: CreateLivePeerConnection;
}

function previewPhase(snapshot: LiveStreamSnapshot): PreviewPhase {
  // Going live keeps the preview on screen.
  if (snapshot.matches({ setup: 'previewing' }) || snapshot.matches('connecting')) return 'previewing';
  if (snapshot.matches({ setup: 'previewFailed' })) return 'failed';
  if (snapshot.matches({ setup: 'cameraOff' })) return 'off';
  return 'starting';
}

/**
 * SPEC Live stream, made real (docs/LIVE-STREAMS.md): set up (beside who is
 * live now), go live to Orbit's media forwarder, the real count and chat,
 * ended; to /profile 2 seconds after the end. For signed-in members.
 */
export function LiveStreamScreen({ machine, clock, inspect, createSession, hub = realtimeHub, createPeerConnection }: LiveStreamScreenProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useLocalMediaSession(createSession);
  // One publisher per screen: the machine's actors and the close effect share its connection.
  const [publisher] = useState(() => createStreamPublisher({ media: session, ...(createPeerConnection && { createPeerConnection }) }));
  const logic = useMemo(
    () =>
      (
        machine ??
        liveStreamMachine.provide({
          actors: {
            startMedia: fromPromise<StreamMedia, StreamMediaRequest>(async ({ input }) => {
              const { hasVideo, hasAudio } = await session.start(input);
              return { hasVideo, hasAudio };
            }),
            ...createHostActors({ hub, publisher, queryClient }),
          },
        })
      ).provide({
        actions: {
          ...createLocalMediaEffects(session),
          closeStreamConnection: () => publisher.close(),
          // SPEC: these are alerts; window.alert keeps them modal and announced.
          alert: (_, params) => window.alert(params.message),
          goToProfile: () => void navigate({ to: '/profile/{-$userId}', params: { userId: undefined } }),
        },
      }),
    [machine, session, hub, publisher, queryClient, navigate],
  );
  // Only what a test passed: an explicit `clock: undefined` would replace XState's real clock.
  const actor = useActorRef(logic, { ...(clock && { clock }), ...(inspect && { inspect }) });
  const snapshot = useSelector(actor, (current) => current);
  const { context } = snapshot;
  const send: typeof actor.send = (event) => actor.send(event);
  useEndWhenLeft(actor, machine === undefined, publisher);

  let body;
  if (snapshot.matches('setup') || snapshot.matches('connecting')) {
    body = (
      <>
        <StreamSetup
          title={context.title}
          preview={previewPhase(snapshot)}
          session={session}
          goingLive={snapshot.matches('connecting')}
          startError={context.startError}
          onTitleChange={(title) => send({ type: 'TITLE.CHANGE', title })}
          onStartPreview={() => send({ type: 'START_PREVIEW' })}
          onRetryPreview={() => send({ type: 'RETRY_PREVIEW' })}
          onGoLive={() => send({ type: 'GO_LIVE' })}
        />
        <LiveNowList />
      </>
    );
  } else if ((snapshot.matches('live') || snapshot.matches('ending')) && context.streamId) {
    const reconnecting = snapshot.matches({ live: { connection: 'interrupted' } }) || snapshot.matches({ live: { connection: 'republishing' } });
    body = (
      <LiveBroadcast
        streamId={context.streamId}
        hub={hub}
        context={context}
        sharing={snapshot.matches({ live: { share: 'sharing' } })}
        chatSending={snapshot.matches({ live: { chat: 'sending' } })}
        ending={snapshot.matches('ending')}
        connectionNote={reconnecting ? 'Reconnecting…' : null}
        session={session}
        onToggleMute={() => send({ type: 'TOGGLE_MUTE' })}
        onToggleCamera={() => send({ type: 'TOGGLE_CAMERA' })}
        onShare={() => send({ type: 'SHARE' })}
        onEnd={() => send({ type: 'END_STREAM' })}
        onChatDraftChange={(text) => send({ type: 'CHAT.CHANGE', text })}
        onChatSend={() => send({ type: 'CHAT.SEND' })}
      />
    );
  } else {
    body = (
      <StreamEnded
        title={context.title}
        streamId={context.streamId}
        reason={context.endReason}
        onBackToProfile={() => send({ type: 'BACK_TO_PROFILE' })}
      />
    );
  }

  return (
    <Page>
      <Heading level={1}>Live Stream</Heading>
      {body}
    </Page>
  );
}

/**
 * Leaving the page on air (a link, Back) ends the stream for the viewers as
 * End Stream would, rather than leaving them on a frozen picture until the
 * server's grace runs out; the connection closes with the screen. React's
 * StrictMode unmounts and mounts again at once in development: only a screen
 * still gone a moment later is really left.
 */
function useEndWhenLeft(actor: { getSnapshot: () => LiveStreamSnapshot }, real: boolean, publisher: StreamPublisher) {
  const mounts = useRef(0);
  useEffect(() => {
    mounts.current += 1;
    return () => {
      mounts.current -= 1;
      queueMicrotask(() => {
        if (mounts.current > 0) return;
        const snapshot = actor.getSnapshot();
        const { streamId } = snapshot.context;
        // Going live half-way ends itself: the stopped `publish` actor ends a stream it made.
        if (real && streamId && snapshot.matches('live')) void endStream(streamId).catch(() => {});
        publisher.close();
      });
    };
  }, [actor, real, publisher]);
}

const Page = styled(Container)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
  padding-top: ${({ theme }) => px(theme.space[6])};
  padding-bottom: ${({ theme }) => px(theme.space[6])};
`;
