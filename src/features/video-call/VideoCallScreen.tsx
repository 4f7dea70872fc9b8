import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorOptions } from 'xstate';
import { formatElapsed, videoCallMachine, type VideoCallSnapshot } from '../../../machines/video-call.machine';
import { createSimulatedCallActors } from '../../../machines/video-call.sim';
import { Button, Cluster, Container, Notice, Stack, VisuallyHidden, px } from '../../ui';
import { readTokens } from '../../api/session';
import type { LocalMediaSession } from '../media/local-media';
import { createLocalMediaActors, createLocalMediaEffects } from '../media/media-actors';
import { useLocalMediaSession } from '../media/useLocalMediaSession';
import { CallControls } from './CallControls';
import { CallStage } from './CallStage';
import { GENERIC_CALLER_NAME, mediaProblemText } from './call-texts';
import { personQueryOptions } from './person-query';

type CallOptions = ActorOptions<typeof videoCallMachine>;

export interface VideoCallScreenProps {
  /** The callee; without one the call is with a generic caller. */
  userId?: string;
  /** Tests pass the machine (with their own actors), its clock and an inspector; the app passes none. */
  machine?: typeof videoCallMachine;
  clock?: CallOptions['clock'];
  inspect?: CallOptions['inspect'];
  /** Tests hand in a session over fake devices. */
  createSession?: () => LocalMediaSession;
}

function statusText(snapshot: VideoCallSnapshot): string {
  if (snapshot.matches('startingMedia') || snapshot.matches('startingAudio')) return 'Starting your camera and microphone...';
  if (snapshot.matches('mediaBlocked')) return 'Waiting for you';
  if (snapshot.matches({ call: 'connecting' })) return 'Connecting...';
  if (snapshot.matches({ call: 'connected' })) return 'Connected';
  return 'Call ended';
}

/** What the corner shows instead of the user's own picture. */
function localNote(snapshot: VideoCallSnapshot): string {
  const { media } = snapshot.context;
  if (media && !media.hasVideo) return 'Audio only';
  if (snapshot.matches('startingMedia')) return 'Starting camera...';
  if (!media) return 'No camera';
  return 'Camera off';
}

function useCallee(userId: string | undefined) {
  // Profiles are for signed-in people; anyone else gets the generic caller without a doomed request.
  const tokens = readTokens();
  const enabled = Boolean(userId) && Boolean(tokens.userToken ?? tokens.adminToken);
  const person = useQuery({ ...personQueryOptions(userId ?? ''), enabled });
  if (enabled && person.isPending) return null;
  // A missing, unknown or unreadable id still gets a call, with a generic caller.
  return person.data ?? { name: GENERIC_CALLER_NAME, avatar: null };
}

/** SPEC Video call: connecting, connected (timer, quality), ended; back to Discover after 2 seconds. */
export function VideoCallScreen({ userId, machine, clock, inspect, createSession }: VideoCallScreenProps) {
  const navigate = useNavigate();
  const session = useLocalMediaSession(createSession);
  const callee = useCallee(userId);

  const logic = useMemo(
    () =>
      (machine ?? videoCallMachine.provide({ actors: { ...createLocalMediaActors(session), ...createSimulatedCallActors() } })).provide({
        actions: {
          ...createLocalMediaEffects(session),
          leaveCall: () => void navigate({ to: '/users' }),
        },
      }),
    [machine, session, navigate],
  );
  // Only what a test passed: an explicit `clock: undefined` would replace XState's real clock.
  const actor = useActorRef(logic, { ...(clock && { clock }), ...(inspect && { inspect }) });
  const snapshot = useSelector(actor, (current) => current);
  const { media, problem, muted, cameraOff, elapsedSeconds, quality } = snapshot.context;

  const inCall = snapshot.matches('call');
  const ended = snapshot.matches('ended') || snapshot.matches('left');
  const hasVideo = media?.hasVideo === true;
  const send: typeof actor.send = (event) => actor.send(event);
  const name = callee?.name ?? 'your match';

  return (
    <Page>
      <VisuallyHidden as="h1">Video call with {name}</VisuallyHidden>
      <CallStage
        callee={callee}
        status={statusText(snapshot)}
        connected={snapshot.matches({ call: 'connected' })}
        elapsedSeconds={elapsedSeconds}
        quality={quality}
        session={session}
        showLocalVideo={hasVideo && !cameraOff && !ended}
        localNote={localNote(snapshot)}
      />
      {snapshot.matches('mediaBlocked') && problem && (
        <Notice tone="error" title={mediaProblemText(problem).title}>
          <Stack gap={3}>
            <p>{mediaProblemText(problem).text}</p>
            <Cluster gap={2}>
              {problem.device === 'camera' && (
                <Button variant="secondary" size="sm" onClick={() => send({ type: 'CONTINUE_AUDIO_ONLY' })}>
                  Continue with audio only
                </Button>
              )}
              <Button variant="danger" size="sm" onClick={() => send({ type: 'END' })}>
                End call
              </Button>
            </Cluster>
          </Stack>
        </Notice>
      )}
      {ended && (
        <Notice tone="info" title="Call ended">
          Call length {formatElapsed(elapsedSeconds)}. Taking you back to Discover...
        </Notice>
      )}
      {!ended && !snapshot.matches('mediaBlocked') && (
        <CallControls
          muted={muted}
          cameraOff={cameraOff}
          canToggleMicrophone={inCall}
          canToggleCamera={inCall && hasVideo}
          canSwitchCamera={snapshot.can({ type: 'SWITCH_CAMERA' })}
          switching={snapshot.matches({ call: { connected: { camera: 'switching' } } })}
          onToggleMute={() => send({ type: 'TOGGLE_MUTE' })}
          onToggleCamera={() => send({ type: 'TOGGLE_CAMERA' })}
          onSwitchCamera={() => send({ type: 'SWITCH_CAMERA' })}
          onEnd={() => send({ type: 'END' })}
        />
      )}
    </Page>
  );
}

const Page = styled(Container)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
  max-width: ${({ theme }) => px(theme.space[16] * 14)};
  padding-top: ${({ theme }) => px(theme.space[6])};
  padding-bottom: ${({ theme }) => px(theme.space[6])};
`;
