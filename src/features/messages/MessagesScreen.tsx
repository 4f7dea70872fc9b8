import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorOptions } from 'xstate';
import { messagingMachine, selectSelectedConversation, type MessagingSnapshot } from '../../../machines/messaging.machine';
import { createSimulatedMessagingActors } from '../../../machines/messaging.sim';
import { readTokens } from '../../api/session';
import { ButtonLink, Container, EmptyState, ErrorState, FocusedNotice, Heading, Spinner, VisuallyHidden, px } from '../../ui';
import { VisitorSampleNotice } from '../auth/SignInPrompt';
import { ChatPanel, type ChatPhase } from './ChatPanel';
import { ConversationList, ConversationListSkeleton } from './ConversationList';
import { createConversationLoader, createThreadLoader } from './conversation-source';

type MessagingOptions = ActorOptions<typeof messagingMachine>;

export interface MessagesScreenProps {
  /** `/messages?with=<userId>`. */
  withUserId: string | null;
  /** Tests pass the machine (with their own actors), its clock and an inspector; the app passes none. */
  machine?: typeof messagingMachine;
  clock?: MessagingOptions['clock'];
  inspect?: MessagingOptions['inspect'];
  /** The screen's clock for message times and 'Today'/'Yesterday'. */
  now?: () => Date;
}

const systemNow = () => new Date();
const isSignedIn = () => readTokens().userToken !== null;
export const VISITOR_MESSAGES_NOTICE = 'These are sample conversations. Sign in to message your matches.';

function chatPhase(snapshot: MessagingSnapshot): ChatPhase {
  if (snapshot.matches({ ready: 'loadingThread' })) return 'loadingThread';
  if (snapshot.matches({ ready: 'threadFailed' })) return 'threadFailed';
  if (snapshot.matches({ ready: 'chatting' })) return 'chatting';
  return 'nothingSelected';
}

/** SPEC Messages: conversations on the left, the selected chat on the right (two views on a phone). */
export function MessagesScreen({ withUserId, machine, clock, inspect, now = systemNow }: MessagesScreenProps) {
  const queryClient = useQueryClient();
  const logic = useMemo(
    () =>
      machine ??
      messagingMachine.provide({
        actors: {
          loadConversations: createConversationLoader({ queryClient, now, isSignedIn }),
          loadThread: createThreadLoader({ now, isSignedIn }),
          // The answer to a sent message is still the simulated service's (SPEC).
          composeReply: createSimulatedMessagingActors({ now }).composeReply,
        },
      }),
    [machine, queryClient, now],
  );
  // Only what a test passed: an explicit `clock: undefined` would replace XState's real clock.
  const actor = useActorRef(logic, { input: { withUserId }, ...(clock && { clock }), ...(inspect && { inspect }) });
  const snapshot = useSelector(actor, (current) => current);
  const { conversations, selectedId, view, thread, draft } = snapshot.context;
  const today = now();
  // Read once: signing in or out navigates, which mounts the screen again.
  const [visitor] = useState(() => !isSignedIn());
  // The server's message after the member blocked someone from their chat; it stays until the next block or they leave.
  const [blockedMessage, setBlockedMessage] = useState<string>();

  let body;
  if (snapshot.matches('loading')) {
    body = (
      <Layout $view="list" aria-busy="true">
        <ListPane>
          <VisuallyHidden>
            <Spinner label="Loading conversations" />
          </VisuallyHidden>
          <ConversationListSkeleton />
        </ListPane>
        <ChatPane />
      </Layout>
    );
  } else if (snapshot.matches('failed')) {
    body = (
      <ErrorState
        title="Couldn't load your conversations"
        text="Check your connection and try again."
        action={{ label: 'Try Again', onClick: () => actor.send({ type: 'RETRY' }) }}
      />
    );
  } else if (conversations.length === 0) {
    body = (
      <EmptyState
        title="No conversations yet"
        text="When you and someone like each other, you can message them here."
        action={
          <ButtonLink to="/spin" variant="primary">
            Find people to match
          </ButtonLink>
        }
      />
    );
  } else {
    body = (
      <>
        {visitor ? <VisitorSampleNotice>{VISITOR_MESSAGES_NOTICE}</VisitorSampleNotice> : null}
        <Layout $view={view} data-phone-view={view}>
          <ListPane>
            <ConversationList
              conversations={conversations}
              selectedId={selectedId}
              now={today}
              onSelect={(conversationId) => actor.send({ type: 'SELECT', conversationId })}
            />
          </ListPane>
          <ChatPane>
            <ChatPanel
              phase={chatPhase(snapshot)}
              conversation={selectSelectedConversation(snapshot)}
              thread={thread}
              draft={draft}
              now={today}
              onBack={() => actor.send({ type: 'BACK_TO_LIST' })}
              onRetry={(conversationId) => actor.send({ type: 'SELECT', conversationId })}
              onDraftChange={(text) => actor.send({ type: 'DRAFT.CHANGE', text })}
              onSend={() => actor.send({ type: 'SEND', at: now().toISOString() })}
              onBlocked={
                visitor
                  ? undefined
                  : (userId, message) => {
                      setBlockedMessage(message);
                      actor.send({ type: 'BLOCKED', userId });
                    }
              }
            />
          </ChatPane>
        </Layout>
      </>
    );
  }

  return (
    <Page>
      <Heading level={1}>Messages</Heading>
      <FocusedNotice message={blockedMessage} />
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

// SPEC: the chat panel is 600 px high. On a phone it fills the screen below
// the header and heading, and shows the list or the chat, not both.
const CHAT_PANEL_HEIGHT = 600;

const Layout = styled.div<{ $view: 'list' | 'chat' }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  height: calc(100dvh - ${({ theme }) => px(theme.space[16] * 3)});
  min-height: ${({ theme }) => px(theme.space[16] * 6)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  box-shadow: ${({ theme }) => theme.shadows.card};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surface};

  ${({ theme }) => theme.media.belowTablet} {
    & > :nth-child(${({ $view }) => ($view === 'list' ? 2 : 1)}) {
      display: none;
    }
  }

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: minmax(${({ theme }) => px(theme.space[16] * 4)}, 1fr) 2fr;
    height: ${px(CHAT_PANEL_HEIGHT)};
    min-height: 0;
  }
`;

const ListPane = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 0;
  border-right: 1px solid ${({ theme }) => theme.colors.border};
`;

const ChatPane = styled.div`
  min-width: 0;
  min-height: 0;
`;
