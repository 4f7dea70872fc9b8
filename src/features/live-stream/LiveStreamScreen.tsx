import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import { fromPromise, type ActorOptions } from 'xstate';
import { liveStreamMachine, type LiveStreamSnapshot, type StreamMedia, type StreamMediaRequest } from '../../../machines/live-stream.machine';
import { createSimulatedAudienceActors } from '../../../machines/live-stream.sim';
import { Container, Heading, px } from '../../ui';
import type { LocalMediaSession } from '../media/local-media';
import { createLocalMediaEffects } from '../media/media-actors';
import { useLocalMediaSession } from '../media/useLocalMediaSession';
import { LiveBroadcast } from './LiveBroadcast';
import { createShareActor } from './share-link';
import { StreamEnded } from './StreamEnded';
import { StreamSetup, type PreviewPhase } from './StreamSetup';

type StreamOptions = ActorOptions<typeof liveStreamMachine>;

export interface LiveStreamScreenProps {
  /** Tests pass the machine (with their own actors), its clock and an inspector; the app passes none. */
  machine?: typeof liveStreamMachine;
  clock?: StreamOptions['clock'];
  inspect?: StreamOptions['inspect'];
  /** Tests hand in a session over fake devices. */
  createSession?: () => LocalMediaSession;
  /** The screen's clock for chat times. */
  now?: () => Date;
}

const systemNow = () => new Date();

function previewPhase(snapshot: LiveStreamSnapshot): PreviewPhase {
  if (snapshot.matches({ setup: 'previewing' })) return 'previewing';
  if (snapshot.matches({ setup: 'previewFailed' })) return 'failed';
  return 'starting';
}

/** SPEC Live stream: setup, live, ended; to /profile 2 seconds after the end. */
export function LiveStreamScreen({ machine, clock, inspect, createSession, now = systemNow }: LiveStreamScreenProps) {
  const navigate = useNavigate();
  const session = useLocalMediaSession(createSession);
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
            ...createSimulatedAudienceActors({ now }),
            shareStream: createShareActor(),
          },
        })
      ).provide({
        actions: {
          ...createLocalMediaEffects(session),
          // SPEC: these are alerts; window.alert keeps them modal and announced.
          alert: (_, params) => window.alert(params.message),
          goToProfile: () => void navigate({ to: '/profile/{-$userId}', params: { userId: undefined } }),
        },
      }),
    [machine, session, navigate, now],
  );
  // Only what a test passed: an explicit `clock: undefined` would replace XState's real clock.
  const actor = useActorRef(logic, { ...(clock && { clock }), ...(inspect && { inspect }) });
  const snapshot = useSelector(actor, (current) => current);
  const { context } = snapshot;
  const send: typeof actor.send = (event) => actor.send(event);

  let body;
  if (snapshot.matches('setup')) {
    body = (
      <StreamSetup
        title={context.title}
        preview={previewPhase(snapshot)}
        session={session}
        onTitleChange={(title) => send({ type: 'TITLE.CHANGE', title })}
        onRetryPreview={() => send({ type: 'RETRY_PREVIEW' })}
        onGoLive={() => send({ type: 'GO_LIVE' })}
      />
    );
  } else if (snapshot.matches('live')) {
    body = (
      <LiveBroadcast
        context={context}
        sharing={snapshot.matches({ live: { share: 'sharing' } })}
        session={session}
        onToggleMute={() => send({ type: 'TOGGLE_MUTE' })}
        onToggleCamera={() => send({ type: 'TOGGLE_CAMERA' })}
        onShare={() => send({ type: 'SHARE' })}
        onEnd={() => send({ type: 'END_STREAM' })}
        onChatDraftChange={(text) => send({ type: 'CHAT.CHANGE', text })}
        onChatSend={() => send({ type: 'CHAT.SEND', at: now().toISOString() })}
      />
    );
  } else {
    body = <StreamEnded title={context.title} peakViewers={context.peakViewers} onBackToProfile={() => send({ type: 'BACK_TO_PROFILE' })} />;
  }

  return (
    <Page>
      <Heading level={1}>Live Stream</Heading>
      {body}
    </Page>
  );
}

const Page = styled(Container)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
  padding-top: ${({ theme }) => px(theme.space[6])};
  padding-bottom: ${({ theme }) => px(theme.space[6])};
`;
