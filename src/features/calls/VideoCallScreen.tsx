import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { CallPeer, CallPeerResponse } from '../../../contract/calls';
import { callPeerQueryOptions } from '../../api/calls';
import { ApiError } from '../../api/client';
import { Container, Skeleton, VisuallyHidden, px } from '../../ui';
import { useAuth } from '../auth/AuthProvider';
import { CallView } from './CallView';
import { NoPeerPrompt, NotMatchedCall, PeerUnavailable, VisitorCallPrompt } from './CallPrompts';
import { useCallActor, type CallTestOptions } from './useCallActor';

export interface VideoCallScreenProps extends CallTestOptions {
  /** The person to call (or whose call to answer); without one there is nobody to call. */
  userId?: string;
  /** `?call=`: this tab answers that call (from the incoming-call panel); without it the tab calls. */
  answerCallId?: string;
}

/**
 * SPEC Video call, made real (docs/VIDEO-CALLS.md): for members only; a match
 * gets a real call, a seeded demo person the spec's simulated one (labelled),
 * anyone else the explanation that calls open once you match.
 */
export function VideoCallScreen({ userId, answerCallId, ...options }: VideoCallScreenProps) {
  const { isUser, isAdmin } = useAuth();
  // With an admin token too, requests carry the admin's: a call is a member's own.
  const member = isUser && !isAdmin;
  if (!member) {
    return (
      <CallPage title="Video call">
        <VisitorCallPrompt />
      </CallPage>
    );
  }
  return <MemberVideoCall userId={userId} answerCallId={answerCallId} {...options} />;
}

/** The call screen of a signed-in member (tests mount it with their own hub, devices and clock). */
export function MemberVideoCall({ userId, answerCallId, ...options }: VideoCallScreenProps) {
  if (!userId) {
    return (
      <CallPage title="Video call">
        <NoPeerPrompt />
      </CallPage>
    );
  }
  return <PeerCall userId={userId} answerCallId={answerCallId} options={options} />;
}

function CallPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page>
      <VisuallyHidden as="h1">{title}</VisuallyHidden>
      {children}
    </Page>
  );
}

function PeerCall({ userId, answerCallId, options }: { userId: string; answerCallId: string | undefined; options: CallTestOptions }) {
  // Asked again on every visit (a like back opens calls), but never mid-call: a call, once started, keeps its terms.
  const peer = useQuery({ ...callPeerQueryOptions(userId), refetchOnWindowFocus: false, refetchOnReconnect: false });
  const [callable, setCallable] = useState<CallPeerResponse | null>(null);
  if (!callable && peer.data && peer.data.callable !== 'not-matched') setCallable(peer.data);

  if (callable) {
    const title = `Video call with ${callable.peer.name}`;
    return (
      <CallPage title={title}>
        <CallSession peer={callable.peer} demo={callable.callable === 'demo'} answerCallId={answerCallId} options={options} />
      </CallPage>
    );
  }
  if (peer.data) {
    return (
      <CallPage title={`Video call with ${peer.data.peer.name}`}>
        <NotMatchedCall peer={peer.data.peer} />
      </CallPage>
    );
  }
  if (peer.isError) {
    const missing = peer.error instanceof ApiError && peer.error.status === 404;
    return (
      <CallPage title="Video call">
        <PeerUnavailable message={peer.error.message} onRetry={missing ? undefined : () => void peer.refetch()} />
      </CallPage>
    );
  }
  return (
    <CallPage title="Video call">
      <Skeleton shape="block" width="100%" height={480} />
    </CallPage>
  );
}

interface CallSessionProps {
  peer: CallPeer;
  demo: boolean;
  answerCallId: string | undefined;
  options: CallTestOptions;
}

/** One call, from the camera starting to the way back to Discover. */
function CallSession({ peer, demo, answerCallId, options }: CallSessionProps) {
  // A demo person never calls: their screen always calls them.
  const role = answerCallId && !demo ? 'callee' : 'caller';
  // The caller's tab names the call, once per screen (so a retried invite is the same call).
  const [callId] = useState(() => (role === 'callee' && answerCallId ? answerCallId : crypto.randomUUID()));
  const { actor, session, connection } = useCallActor({ role, callId, peerId: peer.id, demo }, options);
  const snapshot = useSelector(actor, (current) => current);
  return <CallView peer={peer} snapshot={snapshot} send={(event) => actor.send(event)} session={session} connection={connection} />;
}

const Page = styled(Container)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
  max-width: ${({ theme }) => px(theme.space[16] * 14)};
  padding-top: ${({ theme }) => px(theme.space[6])};
  padding-bottom: ${({ theme }) => px(theme.space[6])};
`;
