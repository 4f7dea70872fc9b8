import type { CallPeer } from '../../../contract/calls';
import { leavesToChat, type CallScreenEvent, type VideoCallSnapshot } from '../../../machines/calls/video-call.machine';
import { Badge, Button, Cluster, Notice, Stack, Text } from '../../ui';
import type { LocalMediaSession } from '../media/local-media';
import type { CallConnection } from './call-actors';
import { callPhase, localNote, statusText } from './call-status';
import { mediaProblemText } from './call-texts';
import { CallControls } from './CallControls';
import { CallEnded } from './CallEnded';
import { CallStage } from './CallStage';
import { RemoteVideo } from './RemoteVideo';

export interface CallViewProps {
  peer: CallPeer;
  snapshot: VideoCallSnapshot;
  send: (event: CallScreenEvent) => void;
  session: LocalMediaSession;
  /** The real call's peer connection; null for a demo call. */
  connection: CallConnection | null;
}

/** One call as the member sees it, drawn from the call machine's state. */
export function CallView({ peer, snapshot, send, session, connection }: CallViewProps) {
  const { media, problem, muted, cameraOff, elapsedSeconds, quality, remoteMuted, remoteCameraOff, demo } = snapshot.context;
  const phase = callPhase(snapshot);
  const ended = phase === 'ended';
  const joined = phase === 'connected' || phase === 'reconnecting' || (phase === 'connecting' && snapshot.matches({ call: 'joined' }));
  const hasVideo = media?.hasVideo === true;
  const inCall = snapshot.matches('call');

  return (
    <Stack gap={4}>
      {demo && (
        <Cluster gap={2} align="center">
          <Badge tone="vip">Demo call</Badge>
          <Text size="sm" tone="muted">
            This is a demo person: the call is simulated.
          </Text>
        </Cluster>
      )}
      <CallStage
        peer={peer}
        status={statusText(snapshot)}
        showTimer={phase === 'connected' || phase === 'reconnecting'}
        showQuality={phase === 'connected'}
        elapsedSeconds={elapsedSeconds}
        quality={quality}
        remoteVideo={connection && !ended ? <RemoteVideo connection={connection} name={peer.name} hidden={!joined || remoteCameraOff} /> : null}
        showRemotePicture={Boolean(connection) && joined && !remoteCameraOff}
        remoteCameraOff={joined && remoteCameraOff}
        remoteMuted={joined && remoteMuted}
        session={session}
        showLocalVideo={hasVideo && !cameraOff && !ended}
        localNote={localNote(snapshot)}
      />
      {phase === 'blocked' && problem && (
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
        <CallEnded
          peer={peer}
          seconds={snapshot.context.seconds}
          refusal={snapshot.context.refusal}
          reviewing={snapshot.matches('reviewing')}
          backTo={leavesToChat(snapshot.context) ? 'chat' : 'discover'}
          onReview={() => send({ type: 'REVIEW' })}
          onLeave={() => send({ type: 'LEAVE' })}
        />
      )}
      {!ended && phase !== 'blocked' && (
        <CallControls
          muted={muted}
          cameraOff={cameraOff}
          canToggleMicrophone={inCall}
          canToggleCamera={inCall && hasVideo}
          canSwitchCamera={snapshot.can({ type: 'SWITCH_CAMERA' })}
          switching={snapshot.matches({ call: { joined: { connected: { camera: 'switching' } } } })}
          onToggleMute={() => send({ type: 'TOGGLE_MUTE' })}
          onToggleCamera={() => send({ type: 'TOGGLE_CAMERA' })}
          onSwitchCamera={() => send({ type: 'SWITCH_CAMERA' })}
          onEnd={() => send({ type: 'END' })}
        />
      )}
    </Stack>
  );
}
