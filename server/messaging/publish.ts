import type { Message } from '../../contract/messaging';
import type { Realtime } from '../realtime/plugin';

/** A stored message, to both members' open tabs (the sender's other tabs included); each side names the conversation by the other. */
export function publishMessage(realtime: Realtime, senderId: string, receiverId: string, message: Message): void {
  realtime.toMember(receiverId, 'message:new', { peerId: senderId, message });
  realtime.toMember(senderId, 'message:new', { peerId: receiverId, message });
}

/** The match between the two ended (unmatch, block, a like taken back, an account gone): both chats close. */
export function publishConversationEnded(realtime: Realtime, firstId: string, secondId: string): void {
  realtime.toMember(firstId, 'conversation:ended', { peerId: secondId });
  realtime.toMember(secondId, 'conversation:ended', { peerId: firstId });
}

/**
 * A new match: both conversation lists gain an entry, and the member who
 * liked first learns who liked them back (their match moment).
 */
export function publishMatch(realtime: Realtime, likedBack: { id: string; name: string; avatar: string }, firstLikerId: string): void {
  realtime.toMember(likedBack.id, 'match:new', { peerId: firstLikerId });
  realtime.toMember(firstLikerId, 'match:new', { peerId: likedBack.id, likedBackBy: { name: likedBack.name, avatar: likedBack.avatar } });
}
