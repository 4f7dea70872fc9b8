import { MATCH_PUSH_TITLE, MESSAGE_PUSH_PREVIEW_LENGTH, MESSAGE_PUSH_WITHOUT_PREVIEW, matchPushBody } from '../../contract/notifications';
import type { PushNews } from './push-sender';

/** A match or a message waits a day for a browser that is off; after that it is old news the app shows anyway. */
const DAY_SECONDS = 24 * 60 * 60;

const chatWith = (peerId: string) => `/messages?with=${encodeURIComponent(peerId)}`;

/** Someone liked back the member who liked first: that member's match moment, when away. */
export function matchNews(firstLikerId: string, likedBack: { id: string; name: string }): PushNews {
  return {
    kind: 'match',
    recipientId: firstLikerId,
    aboutId: likedBack.id,
    title: MATCH_PUSH_TITLE,
    body: matchPushBody(likedBack.name),
    tag: `match-${likedBack.id}`,
    url: chatWith(likedBack.id),
    ttlSeconds: DAY_SECONDS,
    awayOnly: true,
  };
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= MESSAGE_PUSH_PREVIEW_LENGTH ? flat : `${flat.slice(0, MESSAGE_PUSH_PREVIEW_LENGTH - 1)}…`;
}

/** A message for a member who is away: one notification per conversation (the tag), the latest replacing the one before. */
export function messageNews(sender: { id: string; name: string }, receiverId: string, text: string): PushNews {
  return {
    kind: 'message',
    recipientId: receiverId,
    aboutId: sender.id,
    title: sender.name,
    body: preview(text),
    bodyWithoutPreview: MESSAGE_PUSH_WITHOUT_PREVIEW,
    tag: `conversation-${sender.id}`,
    url: chatWith(sender.id),
    ttlSeconds: DAY_SECONDS,
    awayOnly: true,
  };
}

/** A stream watched live or not at all: a push about it is stale within half an hour. */
const LIVE_NEWS_SECONDS = 30 * 60;

/** A match went live: one notification per host, a newer stream replacing it. */
export function liveNews(host: { id: string; name: string }, stream: { id: string; title: string }, recipientId: string): PushNews {
  return {
    kind: 'live',
    recipientId,
    aboutId: host.id,
    title: `${host.name} is live`,
    body: stream.title,
    tag: `live-${host.id}`,
    url: `/live/${encodeURIComponent(stream.id)}`,
    ttlSeconds: LIVE_NEWS_SECONDS,
    awayOnly: true,
  };
}
