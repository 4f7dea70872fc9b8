import { infiniteQueryOptions, queryOptions, useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
// Types only: the contract's schemas (and zod) stay out of the shell's code, which reads the unread count.
import { isNews, type ConversationSummary, type ConversationsResponse, type Message, type MessagesResponse, type Receipts, type SendMessageResponse } from '../../contract/messaging';
import { apiRequest } from './client';

/**
 * Messaging's server state, owned by TanStack Query: the conversation list
 * and each conversation's messages (an infinite query by seq, pages oldest
 * first). The realtime connection and the sends write into the same cache
 * through the helpers below, so every screen reads one truth.
 */

export const messagingKeys = {
  all: ['messaging'] as const,
  conversations: () => ['messaging', 'conversations'] as const,
  messagesAll: () => ['messaging', 'messages'] as const,
  messages: (peerId: string) => ['messaging', 'messages', peerId] as const,
  /** The member's messages waiting to be stored (kept in the browser, see features/messaging/outbox-store). */
  outbox: (userId: string) => ['messaging', 'outbox', userId] as const,
};

/** Which page a messages request asks for: the newest (null) or the one before a seq. */
export type MessagesPageParam = number | null;
export type MessagesData = InfiniteData<MessagesResponse, MessagesPageParam>;
/** What the readers need of the cached pages (oldest page first). */
export interface HeldPages {
  pages: readonly MessagesResponse[];
}

const path = (peerId: string) => `/conversations/${encodeURIComponent(peerId)}/messages`;

export function fetchConversations(signal?: AbortSignal): Promise<ConversationsResponse> {
  return apiRequest<ConversationsResponse>('/conversations', { fallbackMessage: 'Failed to load conversations', signal });
}

/** Without a limit the server sends MESSAGE_PAGE_SIZE (50) messages. */
export interface MessagesRequest {
  after?: number;
  before?: number;
  limit?: number;
}

export function fetchMessages(peerId: string, request: MessagesRequest, signal?: AbortSignal): Promise<MessagesResponse> {
  return apiRequest<MessagesResponse>(path(peerId), {
    query: { after: request.after, before: request.before, limit: request.limit },
    fallbackMessage: 'Failed to load messages',
    signal,
  });
}

/** POST a message; `id` is made once by the browser and sent again on every retry (the server stores it once). */
export function postMessage(peerId: string, body: { id: string; text: string }): Promise<SendMessageResponse> {
  return apiRequest<SendMessageResponse>(path(peerId), { method: 'POST', body, fallbackMessage: 'Message not sent' });
}

export function unmatch(peerId: string): Promise<{ success: true; message: string }> {
  return apiRequest<{ success: true; message: string }>(`/matches/${encodeURIComponent(peerId)}`, {
    method: 'DELETE',
    fallbackMessage: 'Failed to unmatch',
  });
}

export const conversationsQueryOptions = () =>
  queryOptions({
    queryKey: messagingKeys.conversations(),
    queryFn: ({ signal }) => fetchConversations(signal),
    select: (data: ConversationsResponse) => data.conversations,
    staleTime: 30_000,
  });

/** A conversation's messages: the newest page first, older pages before it as the member scrolls up. */
export const messagesQueryOptions = (peerId: string) =>
  infiniteQueryOptions({
    queryKey: messagingKeys.messages(peerId),
    queryFn: ({ pageParam, signal }) => fetchMessages(peerId, pageParam === null ? {} : { before: pageParam }, signal),
    initialPageParam: null as MessagesPageParam,
    getPreviousPageParam: (first: MessagesResponse) => (first.hasOlder && first.messages[0] ? first.messages[0].seq : undefined),
    // Newer messages arrive by push (and catch-up), never as a next page.
    getNextPageParam: () => undefined,
    // The socket keeps it fresh; a refetch would throw away the older pages.
    staleTime: Infinity,
  });

/** The highest seq the cache holds for a conversation (0 when nothing). */
export function lastHeldSeq(data: HeldPages | undefined): number {
  const last = data?.pages.at(-1);
  return Math.max(last?.lastSeq ?? 0, last?.messages.at(-1)?.seq ?? 0);
}

export function allMessages(data: HeldPages | undefined): Message[] {
  return data?.pages.flatMap((page) => page.messages) ?? [];
}

/**
 * Where receipts come from. An `event` (receipts:update) is the server's newest word and replaces what is held. A
 * `fetch` is a snapshot taken when its request left: a catch-up sent before a receipts:update arrived answers after
 * it, and would turn a message read a moment ago back to Sent. So a fetched one only moves receipts forward.
 */
export type ReceiptsSource = 'event' | 'fetch';

const furthest = (held: Receipts, fetched: Receipts): Receipts => ({
  deliveredSeq: Math.max(held.deliveredSeq, fetched.deliveredSeq),
  readSeq: Math.max(held.readSeq, fetched.readSeq),
});

/** Adds messages to the newest page, each seq once, in order. */
function withMessages(data: MessagesData, messages: readonly Message[], receipts: Receipts | undefined, source: ReceiptsSource): MessagesData {
  const known = new Set(data.pages.flatMap((page) => page.messages.map((message) => message.seq)));
  const fresh = messages.filter((message) => !known.has(message.seq));
  const last = data.pages.at(-1);
  if (!last) return data;
  if (fresh.length === 0 && !receipts) return data;
  const merged = [...last.messages, ...fresh].sort((a, b) => a.seq - b.seq);
  const lastSeq = Math.max(last.lastSeq, merged.at(-1)?.seq ?? 0);
  const heldReceipts = last.receipts;
  const nextReceipts = !receipts ? heldReceipts : source === 'fetch' ? furthest(heldReceipts, receipts) : receipts;
  return { ...data, pages: [...data.pages.slice(0, -1), { ...last, messages: merged, lastSeq, receipts: nextReceipts }] };
}

/** Whether messages up to `seq` leave no gap after what the cache holds. */
export function followsHeld(data: HeldPages | undefined, seq: number): boolean {
  return data === undefined || seq <= lastHeldSeq(data) + 1;
}

export function storeMessages(queryClient: QueryClient, peerId: string, messages: readonly Message[], receipts?: Receipts, source: ReceiptsSource = 'event'): void {
  queryClient.setQueryData<MessagesData>(messagingKeys.messages(peerId), (data) => (data ? withMessages(data, messages, receipts, source) : data));
}

/** Catches a cached conversation up: everything after the last seq it holds (in pages, until none is left). */
export async function catchUp(queryClient: QueryClient, peerId: string): Promise<void> {
  for (let round = 0; round < 20; round++) {
    const data = queryClient.getQueryData<MessagesData>(messagingKeys.messages(peerId));
    if (!data) return;
    const after = lastHeldSeq(data);
    const page = await fetchMessages(peerId, { after });
    storeMessages(queryClient, peerId, page.messages, page.receipts, 'fetch');
    // Done when nothing came or the conversation's last message is now held.
    if (page.messages.length === 0 || page.lastSeq <= lastHeldSeq(queryClient.getQueryData<MessagesData>(messagingKeys.messages(peerId)))) return;
  }
}

export function cachedConversationPeers(queryClient: QueryClient): string[] {
  return queryClient
    .getQueriesData<MessagesData>({ queryKey: messagingKeys.messagesAll() })
    .filter(([, data]) => data !== undefined)
    .map(([key]) => String(key[2]));
}

function updateSummaries(queryClient: QueryClient, update: (list: ConversationSummary[]) => ConversationSummary[]): void {
  queryClient.setQueryData<ConversationsResponse>(messagingKeys.conversations(), (data) => (data ? { conversations: update(data.conversations) } : data));
}

/**
 * A message in a conversation, in the list: it becomes the last message, the
 * conversation moves to the top, and one from the other member counts as
 * unread unless `read` (its chat is open in a visible tab).
 */
export function noteMessageInList(queryClient: QueryClient, peerId: string, message: Message, read: boolean): boolean {
  const data = queryClient.getQueryData<ConversationsResponse>(messagingKeys.conversations());
  const found = data?.conversations.find((conversation) => conversation.userId === peerId);
  if (!found) return false;
  if (found.lastSeq >= message.seq && found.lastMessage?.seq === message.seq) return true;
  const fromThem = message.senderId === peerId;
  const updated: ConversationSummary = {
    ...found,
    lastMessage: message.seq >= (found.lastMessage?.seq ?? 0) ? message : found.lastMessage,
    lastSeq: Math.max(found.lastSeq, message.seq),
    unread: read ? 0 : fromThem && isNews(message.kind) ? found.unread + 1 : found.unread,
  };
  updateSummaries(queryClient, (list) => [updated, ...list.filter((conversation) => conversation.userId !== peerId)]);
  return true;
}

export function noteReceipts(queryClient: QueryClient, peerId: string, receipts: Receipts): void {
  updateSummaries(queryClient, (list) => list.map((conversation) => (conversation.userId === peerId ? { ...conversation, receipts } : conversation)));
  storeMessages(queryClient, peerId, [], receipts);
}

export function notePresence(queryClient: QueryClient, userId: string, isOnline: boolean): void {
  updateSummaries(queryClient, (list) => list.map((conversation) => (conversation.userId === userId ? { ...conversation, isOnline } : conversation)));
}

export function markReadInList(queryClient: QueryClient, peerId: string): void {
  updateSummaries(queryClient, (list) =>
    list.some((conversation) => conversation.userId === peerId && conversation.unread > 0)
      ? list.map((conversation) => (conversation.userId === peerId ? { ...conversation, unread: 0 } : conversation))
      : list,
  );
}

/** Sends a message and puts the stored one in the cache (list and thread). */
export async function sendMessage(queryClient: QueryClient, peerId: string, body: { id: string; text: string }): Promise<Message> {
  const { message } = await postMessage(peerId, body);
  storeMessages(queryClient, peerId, [message]);
  if (!noteMessageInList(queryClient, peerId, message, true)) void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
  return message;
}

export const totalUnread = (conversations: readonly ConversationSummary[]): number =>
  conversations.reduce((sum, conversation) => sum + conversation.unread, 0);

export function useConversations(enabled = true) {
  return useQuery({ ...conversationsQueryOptions(), enabled });
}

/** The member's unread messages over all conversations (0 for a visitor or before the list loads). */
export function useUnreadTotal(enabled: boolean): number {
  const { data } = useQuery({ ...conversationsQueryOptions(), enabled, select: (response: ConversationsResponse) => totalUnread(response.conversations) });
  return data ?? 0;
}
