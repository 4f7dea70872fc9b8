import { totalUnread } from '../../api/messaging';
import type { ConversationsResponse } from '../../../contract/messaging';

/** A member's news, from the conversations every member screen already holds (socket events keep it current). */
export interface MemberNews {
  unread: number;
  /** Matches nobody has written to yet: the ones waiting for a first message. */
  newMatches: number;
}

export const NO_NEWS: MemberNews = { unread: 0, newMatches: 0 };

export const memberNewsOf = (data: ConversationsResponse): MemberNews => ({
  unread: totalUnread(data.conversations),
  newMatches: data.conversations.filter((conversation) => conversation.lastSeq === 0).length,
});
