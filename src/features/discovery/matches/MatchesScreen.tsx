import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { Match } from '../../../../contract/discovery';
import { matchesMachine } from '../../../../machines/discovery/matches.machine';
import { matchesQueryOptions } from '../../../api/discovery';
import { ButtonLink, ChatIcon, ChevronIcon, DeckCard, DeckLayout, DeckLoading, EmptyState, ErrorState, FocusedNotice, HeartIcon, IconButton, px, ScreenFrame, Text, VideoIcon, VisuallyHidden } from '../../../ui';
import { SignInPrompt } from '../../auth/SignInPrompt';
import { noteConnected } from '../../messaging/connected-notice';
import { ReportOrBlock } from '../../safety/ReportOrBlock';
import { actorRuntime, useReportActor, type MachineOverrides } from '../../../lib/machine-overrides';
import { DiscoverMore } from './DiscoverMore';
import { MatchCard } from './MatchCard';
import { LikesYouLink } from '../likes-you/LikesYouLink';

/** Where the screen's buttons lead; the app's defaults navigate (Connect opens the chat with its notice), tests record. */
export interface MatchesEffects {
  alert: (message: string) => void;
  openChat: (userId: string) => void;
  startVideoCall: (userId: string) => void;
}

export interface MatchesScreenProps {
  overrides?: MachineOverrides<typeof matchesMachine>;
  effects?: Partial<MatchesEffects>;
  /** Signed out: matches belong to an account, so a visitor is asked to sign in. */
  visitor?: boolean;
}

const Actions = styled.div`
  display: flex;
  justify-content: center;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[3])};
`;

const SafetyRow = styled.div`
  display: flex;
  justify-content: center;
`;

/** SPEC's Matches screen: one match at a time, with chat, connect and video. */
export function MatchesScreen({ visitor = false, ...props }: MatchesScreenProps) {
  if (!visitor) return <MemberMatches {...props} />;
  return (
    <MatchesFrame>
      <DeckCard $gap={4}>
        <SignInPrompt title="Sign in to see your matches" text="When someone you like likes you back, they show up here, ready to chat or call." />
      </DeckCard>
    </MatchesFrame>
  );
}

/** `aside`: a member's way to Likes you, beside the title. */
function MatchesFrame({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <ScreenFrame title="Find Your Match" subtitle="People who liked you back. Say hello, connect or start a video call." aside={aside}>
      <DeckLayout>
        {children}
        <DiscoverMore />
      </DeckLayout>
    </ScreenFrame>
  );
}

function MemberMatches({ overrides, effects }: Omit<MatchesScreenProps, 'visitor'>) {
  const navigate = useNavigate();
  const alert = effects?.alert;
  const openChat = effects?.openChat;
  const startVideoCall = effects?.startVideoCall;
  const openConnectedChat = useCallback(
    (userId: string) => {
      noteConnected(userId);
      void navigate({ to: '/messages', search: { with: userId } });
    },
    [navigate],
  );
  // The query cache owns the list; the machine is told its ids and keeps which card is shown.
  const matchesQuery = useQuery(matchesQueryOptions());
  const { data: list, refetch } = matchesQuery;
  // The names the heart may announce, read when its 2 seconds end (the list may have changed since).
  const listRef = useRef<readonly Match[]>([]);
  const machine = useMemo(
    () =>
      (overrides?.machine ?? matchesMachine).provide({
        actions: {
          reload: () => void refetch(),
          // The chat opens with 'Connected with <name>!' (tests hear of it instead).
          announceConnected: (_, { userId }: { userId: string }) => {
            if (!alert) return openConnectedChat(userId);
            const name = listRef.current.find((match) => match.id === userId)?.name;
            if (name) alert(`Connected with ${name}!`);
          },
          openChat: (_, { userId }: { userId: string }) =>
            openChat ? openChat(userId) : void navigate({ to: '/messages', search: { with: userId } }),
          startVideoCall: (_, { userId }: { userId: string }) =>
            startVideoCall ? startVideoCall(userId) : void navigate({ to: '/video-call/{-$userId}', params: { userId } }),
        },
      }),
    [overrides?.machine, refetch, alert, openChat, startVideoCall, navigate, openConnectedChat],
  );
  const actor = useActorRef(machine, actorRuntime(overrides));
  useReportActor(overrides, actor);

  useEffect(() => {
    if (!list) return;
    listRef.current = list;
    actor.send({ type: 'LOADED', ids: list.map((match) => match.id) });
  }, [actor, list]);
  // Only a failure with nothing to show is the machine's; a failed background refetch keeps the list on screen.
  const failure = matchesQuery.status === 'error' ? matchesQuery.error : null;
  const failedAt = matchesQuery.errorUpdatedAt;
  useEffect(() => {
    if (failure) actor.send({ type: 'FAILED', error: failure });
  }, [actor, failure, failedAt]);

  const loading = useSelector(actor, (snapshot) => snapshot.matches('loading') || snapshot.matches('sorting'));
  const empty = useSelector(actor, (snapshot) => snapshot.matches('empty'));
  const error = useSelector(actor, (snapshot) => (snapshot.matches('error') ? snapshot.context.error : null));
  const connecting = useSelector(actor, (snapshot) => snapshot.matches('connecting'));
  const ids = useSelector(actor, (snapshot) => snapshot.context.ids);
  const index = useSelector(actor, (snapshot) => snapshot.context.index);
  const shownId = ids[index];
  const match = list?.find((candidate) => candidate.id === shownId);
  // The server's message after the member blocked a match; it stays until they block someone else or leave.
  const [blockedMessage, setBlockedMessage] = useState<string>();

  let body;
  if (loading) {
    body = <DeckLoading label="Loading matches" text="Finding your matches..." />;
  } else if (error !== null) {
    body = <ErrorState title="Error Loading Matches" text={error} action={{ label: 'Try Again', onClick: () => actor.send({ type: 'RETRY' }) }} />;
  } else if (empty || !match) {
    body = (
      <EmptyState
        title="No Matches Yet"
        text="Try using the spin feature to find new people"
        action={
          <ButtonLink to="/spin" variant="primary">
            Discover People
          </ButtonLink>
        }
      />
    );
  } else {
    body = (
      <>
        <Text tone="muted" align="center">
          {index + 1} of {ids.length} matches
        </Text>
        <MatchCard match={match} connecting={connecting} />
        <div role="status">{connecting ? <VisuallyHidden>Connecting with {match.name}...</VisuallyHidden> : null}</div>
        <Actions>
          <IconButton aria-label="Previous match" variant="ghost" disabled={connecting} onClick={() => actor.send({ type: 'PREV' })}>
            <ChevronIcon direction="left" />
          </IconButton>
          <IconButton aria-label={`Chat with ${match.name}`} variant="secondary" size="lg" disabled={connecting} onClick={() => actor.send({ type: 'CHAT' })}>
            <ChatIcon />
          </IconButton>
          <IconButton aria-label={`Connect with ${match.name}`} variant="primary" size="lg" disabled={connecting} onClick={() => actor.send({ type: 'CONNECT' })}>
            <HeartIcon />
          </IconButton>
          <IconButton aria-label={`Video call ${match.name}`} variant="secondary" size="lg" disabled={connecting} onClick={() => actor.send({ type: 'VIDEO' })}>
            <VideoIcon />
          </IconButton>
          <IconButton aria-label="Next match" variant="ghost" disabled={connecting} onClick={() => actor.send({ type: 'NEXT' })}>
            <ChevronIcon direction="right" />
          </IconButton>
        </Actions>
        <SafetyRow>
          <ReportOrBlock
            key={match.id}
            person={{ id: match.id, name: match.name }}
            disabled={connecting}
            onBlocked={(message) => {
              setBlockedMessage(message);
              actor.send({ type: 'BLOCKED', userId: match.id });
            }}
          />
        </SafetyRow>
      </>
    );
  }

  return (
    <MatchesFrame aside={<LikesYouLink />}>
      <DeckCard $gap={4} aria-busy={loading}>
        <FocusedNotice message={blockedMessage} />
        {body}
      </DeckCard>
    </MatchesFrame>
  );
}
