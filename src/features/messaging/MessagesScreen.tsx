import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorOptions } from 'xstate';
import { isCallEntry, MESSAGES_NOT_MATCHED_MESSAGE, type ConversationSummary, type Message, type Receipts } from '../../../contract/messaging';
import { messagingMachine, selectChatPhase, selectIsTyping, type OutboxEntry } from '../../../machines/messaging/messaging.machine';
import { allMessages, conversationsQueryOptions, lastHeldSeq, markReadInList, messagesQueryOptions } from '../../api/messaging';
import { currentUserQueryOptions } from '../../api/members';
import { realtimeHub, type RealtimeHub } from '../../realtime/hub';
import { ButtonLink, Container, EmptyState, ErrorState, FocusedNotice, Heading, Spinner, VisuallyHidden, px } from '../../ui';
import { useAuth } from '../auth/AuthProvider';
import { SignInPrompt } from '../auth/SignInPrompt';
import { ChatPanel } from './ChatPanel';
import { takeConnected } from './connected-notice';
import { ConversationList, ConversationListSkeleton } from './ConversationList';
import { createMessagingImplementations } from './messaging-actors';
import type { OwnMessageState, ThreadItem } from './MessageThread';
import { outboxQueryOptions } from './outbox-store';

type MessagingOptions = ActorOptions<typeof messagingMachine>;

export interface MessagesScreenProps {
  /** `/messages?with=<userId>`. */
  withUserId: string | null;
  /** Tests pass the machine (with their own actors and actions), its clock, an inspector and a hub; the app passes none. */
  machine?: typeof messagingMachine;
  clock?: MessagingOptions['clock'];
  inspect?: MessagingOptions['inspect'];
  hub?: RealtimeHub;
  /** The screen's clock for message times and 'Today'/'Yesterday'. */
  now?: () => Date;
  /** Makes message ids (crypto.randomUUID in the app). */
  newId?: () => string;
}

const systemNow = () => new Date();
const randomId = () => crypto.randomUUID();

/** SPEC Messages, for members: conversations on the left, the selected chat on the right (two views on a phone). */
export function MessagesScreen(props: MessagesScreenProps) {
  const { isUser, isAdmin } = useAuth();
  // With an admin token too, requests carry the admin's: messages are a member's own.
  const member = isUser && !isAdmin;
  const me = useQuery({ ...currentUserQueryOptions(), enabled: member });

  let body;
  if (!member) {
    body = <SignInPrompt title="Sign in to see your messages" text="Message the people you matched with, and see their answers as they come." />;
  } else if (me.isError) {
    body = (
      <ErrorState
        title="Couldn't load your conversations"
        text="Check your connection and try again."
        action={{ label: 'Try Again', onClick: () => void me.refetch() }}
      />
    );
  } else if (!me.data) {
    body = <LoadingLayout />;
  } else {
    return <MemberMessages {...props} userId={me.data._id} />;
  }
  return (
    <Page>
      <Heading level={1}>Messages</Heading>
      {body}
    </Page>
  );
}

function LoadingLayout() {
  return (
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
}

function ownState(message: Message, receipts: Receipts | undefined): OwnMessageState {
  if (receipts && message.seq <= receipts.readSeq) return 'read';
  if (receipts && message.seq <= receipts.deliveredSeq) return 'delivered';
  return 'sent';
}

/** The thread as bubbles: the stored messages, then the member's own still in the outbox (a refused one is on its way back to the composer). */
function threadItems(peerId: string, messages: readonly Message[], receipts: Receipts | undefined, outbox: readonly OutboxEntry[]): ThreadItem[] {
  const stored = new Set(messages.map((message) => message.id));
  return [
    ...messages.map((message): ThreadItem => {
      // A call's entry belongs to neither side (its sender is whoever called): no bubble, no receipt.
      if (isCallEntry(message.kind)) return { id: message.id, kind: message.kind, own: false, text: message.text, sentAt: message.sentAt };
      const own = message.senderId !== peerId;
      const gift = message.kind === 'gift' ? { kind: message.kind } : {};
      return { id: message.id, ...gift, own, text: message.text, sentAt: message.sentAt, ...(own ? { state: ownState(message, receipts) } : {}) };
    }),
    ...outbox
      .filter((entry) => entry.peerId === peerId && entry.status !== 'refused' && !stored.has(entry.id))
      .map((entry) => ({
        id: entry.id,
        own: true,
        text: entry.text,
        sentAt: entry.createdAt,
        state: entry.status === 'failed' ? ('failed' as const) : ('sending' as const),
      })),
  ];
}

function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

function MemberMessages({
  withUserId,
  machine,
  clock,
  inspect,
  hub = realtimeHub,
  now = systemNow,
  newId = randomId,
  userId,
}: MessagesScreenProps & { userId: string }) {
  const queryClient = useQueryClient();
  const logic = useMemo(() => machine ?? messagingMachine.provide(createMessagingImplementations(userId, queryClient, hub)), [machine, queryClient, hub, userId]);
  // Only what a test passed: an explicit `clock: undefined` would replace XState's real clock.
  const actor = useActorRef(logic, {
    input: { withUserId },
    ...(clock && { clock }),
    ...(inspect && { inspect }),
  });
  const snapshot = useSelector(actor, (current) => current);
  const { selectedId, view, draft, notice } = snapshot.context;
  // The outbox has one home, which the courier sends from: the thread shows what still waits there.
  const { data: outbox } = useQuery(outboxQueryOptions(userId));
  const phase = selectChatPhase(snapshot);
  const typing = selectIsTyping(snapshot);
  const today = now();
  const visible = useDocumentVisible();

  const conversationsQuery = useQuery({ ...conversationsQueryOptions(), enabled: !snapshot.matches('loading') && !snapshot.matches('failed') });
  const conversations = conversationsQuery.data ?? [];
  const found = conversations.find((conversation) => conversation.userId === selectedId) ?? null;
  // An ended conversation leaves the server's list; its open chat keeps showing who it was with.
  const [kept, setKept] = useState<ConversationSummary | null>(null);
  if (found && found !== kept) setKept(found);
  const conversation = found ?? (kept && kept.userId === selectedId ? kept : null);

  const threadShown = phase === 'chatting' || phase === 'unmatching' || phase === 'ended';
  const messagesQuery = useInfiniteQuery({ ...messagesQueryOptions(selectedId ?? ''), enabled: threadShown && selectedId !== null });
  const messages = allMessages(messagesQuery.data);
  const receipts = messagesQuery.data?.pages.at(-1)?.receipts;
  const items = selectedId ? threadItems(selectedId, messages, receipts, outbox) : [];
  const heldSeq = lastHeldSeq(messagesQuery.data);

  // While the chat is open in a visible tab, what the other member wrote is read (and their list entry has nothing unread).
  const reading = threadShown && selectedId !== null && visible;
  useEffect(() => {
    if (!reading || selectedId === null) return;
    hub.setReading(selectedId);
    return () => hub.setReading(null);
  }, [hub, reading, selectedId]);
  useEffect(() => {
    if (selectedId === null || !threadShown || heldSeq === 0) return;
    void hub.command('receipts:mark', reading ? { peerId: selectedId, deliveredSeq: heldSeq, readSeq: heldSeq } : { peerId: selectedId, deliveredSeq: heldSeq });
    if (reading) markReadInList(queryClient, selectedId);
  }, [hub, queryClient, reading, selectedId, threadShown, heldSeq]);

  // The message that leaves the screen with the person: a block from the chat, or connecting on Matches.
  const [blockedMessage, setBlockedMessage] = useState<string>();
  // Arrived from Connect on Matches: the chat says so once.
  const [connected] = useState(() => withUserId !== null && takeConnected(withUserId));
  const connectedWith = connected && conversation && conversation.userId === withUserId ? `Connected with ${conversation.name}!` : undefined;
  // The open conversation is in the address, so a reload (or Back and Forward) opens it again; the
  // member's own choices write it (replacing, not adding history), and a link from elsewhere in Orbit
  // (a message toast) selects its conversation here without starting the screen over.
  const navigate = useNavigate();
  const address = useCallback((peerId: string | null) => void navigate({ to: '/messages', search: peerId ? { with: peerId } : {}, replace: true }), [navigate]);
  const conversationIds = conversations.map((listed) => listed.userId).join(',');
  useEffect(() => {
    if (withUserId === null || withUserId === actor.getSnapshot().context.selectedId) return;
    if (actor.getSnapshot().matches('ready') && conversationIds.split(',').includes(withUserId)) actor.send({ type: 'SELECT', conversationId: withUserId });
  }, [actor, withUserId, conversationIds]);
  // A link to someone with no conversation opens none, and says why.
  const notMatchedWith =
    withUserId !== null && conversationsQuery.isSuccess && selectedId === null && !conversations.some((listed) => listed.userId === withUserId) ? withUserId : null;

  let body;
  if (snapshot.matches('loading') || (conversationsQuery.isPending && !snapshot.matches('failed'))) {
    body = <LoadingLayout />;
  } else if (snapshot.matches('failed') || conversationsQuery.isError) {
    body = (
      <ErrorState
        title="Couldn't load your conversations"
        text="Check your connection and try again."
        action={{
          label: 'Try Again',
          onClick: () => (snapshot.matches('failed') ? actor.send({ type: 'RETRY' }) : void conversationsQuery.refetch()),
        }}
      />
    );
  } else if (conversations.length === 0 && !conversation) {
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
      <Layout $view={view} data-phone-view={view}>
        <ListPane>
          <ConversationList
            conversations={conversations}
            selectedId={selectedId}
            now={today}
            onSelect={(conversationId) => {
              actor.send({ type: 'SELECT', conversationId });
              address(conversationId);
            }}
          />
        </ListPane>
        <ChatPane>
          <ChatPanel
            phase={phase}
            conversation={conversation}
            items={items}
            draft={draft}
            now={today}
            typing={typing}
            notice={notice}
            hasOlder={messagesQuery.hasPreviousPage}
            loadingOlder={messagesQuery.isFetchingPreviousPage}
            onLoadOlder={() => void messagesQuery.fetchPreviousPage()}
            onRetrySend={(id) => actor.send({ type: 'RETRY_SEND', id })}
            onBack={() => {
              actor.send({ type: 'BACK_TO_LIST' });
              address(null);
            }}
            onRetry={(conversationId) => actor.send({ type: 'SELECT', conversationId })}
            onDraftChange={(text) => actor.send({ type: 'DRAFT.CHANGE', text })}
            onSend={() => actor.send({ type: 'SEND', id: newId(), at: now().toISOString() })}
            onUnmatch={() => actor.send({ type: 'UNMATCH' })}
            onDismissNotice={() => actor.send({ type: 'DISMISS_NOTICE' })}
            onBlocked={(blockedId, message) => {
              setBlockedMessage(message);
              address(null);
              actor.send({ type: 'BLOCKED', userId: blockedId });
            }}
          />
        </ChatPane>
      </Layout>
    );
  }

  return (
    <Page>
      <Heading level={1}>Messages</Heading>
      <FocusedNotice message={blockedMessage ?? connectedWith} />
      {notMatchedWith !== null && !blockedMessage ? (
        <NotMatched>
          <FocusedNotice tone="info" message={MESSAGES_NOT_MATCHED_MESSAGE} />
          <ButtonLink to="/profile/{-$userId}" params={{ userId: notMatchedWith }} variant="secondary">
            See their profile
          </ButtonLink>
        </NotMatched>
      ) : null}
      {body}
    </Page>
  );
}

const NotMatched = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => px(theme.space[3])};
  margin-bottom: ${({ theme }) => px(theme.space[4])};
`;

const Page = styled(Container)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
  padding-top: ${({ theme }) => px(theme.space[6])};
  padding-bottom: ${({ theme }) => px(theme.space[6])};
`;

// SPEC: the chat panel is 600 px high. On a phone it fills the screen below
// the header and heading (and above the member's tab bar, while it shows), and shows the list or the chat, not both.
const CHAT_PANEL_HEIGHT = 600;

const Layout = styled.div<{ $view: 'list' | 'chat' }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  height: calc(100dvh - ${({ theme }) => px(theme.space[16] * 3)} - var(--member-tab-bar, 0px));
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
