import {
  GIFT_NOT_FOUND_MESSAGE,
  GIFT_RATE_MAX,
  GIFT_RATE_MESSAGE,
  GIFT_RATE_WINDOW_MS,
  GIFT_RETIRED_MESSAGE,
  GIFT_SEND_REUSED_MESSAGE,
  GIFT_TO_SELF_MESSAGE,
  RECENT_GIFTS,
  TOP_GIFTERS,
  chatGiftText,
  type ChatGiftCommand,
  type GiftOffer,
  type GiftTotals,
  type LiveGiftCommand,
  type SentGift,
  type StreamGiftsResponse,
} from '../../contract/gifts';
import { LIVE_NOT_WATCHING_MESSAGE, LIVE_STREAM_ENDED_MESSAGE, LIVE_STREAM_NOT_FOUND_MESSAGE } from '../../contract/live';
import { smallestPackOnSale } from '../catalogue/service';
import { postCoinChange } from '../coins/ledger';
import { coinValue } from '../coins/spending';
import { earnFromGift } from '../creators/service';
import { announceBalance } from '../coins/views';
import type { GiftRow, GiftSendRow, StreamRow, UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import type { Transaction } from '../lib/transaction';
import { blockedEitherWay, findStream } from '../live/queries';
import { audienceRoom, hostRoom } from '../live/views';
import { publishMessage } from '../messaging/publish';
import { assertLiveMatch, storeChatEntry, storedRepeat } from '../messaging/service';
import { HttpError } from '../plugins/errors';
import type { CommandContext, Realtime } from '../realtime/plugin';
import { activeGiftRows, countSendsSince, giftById, insertGiftSend, recentStreamGifts, sendBySendId, sentGiftById, streamTakings, topStreamGifters, type SentGiftRow } from './queries';

export interface GiftsDeps {
  db: OrbitDatabase;
  realtime: Realtime;
  /** The app's keyed address fingerprint (a stream's host address is stored only as one). */
  addressFingerprint: (address: string) => string;
  now?: () => Date;
}

export type Gifts = ReturnType<typeof createGifts>;

/** Where a send went: a stream (to its host), or a match's chat (`streamId` null). */
interface SendTarget {
  giftId: string;
  streamId: string | null;
  /** Sent from the address the stream's host went live from (flagged to the admin on the creator's withdrawals). */
  fromHostAddress?: boolean;
  /** Checked on a retry of a chat gift; a stream's send is named by its stream. */
  recipientId?: string;
}

const toSentGift = (row: SentGiftRow): SentGift => ({
  sendId: row.sendId,
  gift: { _id: row.giftId, name: row.giftName, icon: row.giftIcon },
  coins: row.coins,
  // A sender who deleted their account is no longer named.
  sender: { _id: row.senderId ?? '', username: row.senderUsername ?? 'deleted', name: row.senderName ?? 'Deleted member' },
  sentAt: row.createdAt.toISOString(),
});

/**
 * Gifts to the host of a live stream (issue 49). A send is one transaction:
 * the coins leave the sender's balance as a ledger entry keyed by their
 * sendId, and the send is stored with it; a retry of the same sendId changes
 * nothing and is announced again (browsers drop a sendId they already show).
 * Everyone in the stream hears of it with the stream's totals.
 */
export function createGifts({ db, realtime, addressFingerprint, now = () => new Date() }: GiftsDeps) {
  async function totalsOf(streamId: string): Promise<GiftTotals> {
    const [takings, top] = await Promise.all([streamTakings(db, streamId), topStreamGifters(db, streamId, TOP_GIFTERS)]);
    return { ...takings, topGifters: top.map((row) => ({ _id: row.id, username: row.username, name: row.name, coins: row.coins })) };
  }

  async function announce(stream: StreamRow, gift: SentGift): Promise<void> {
    realtime.toRoom([audienceRoom(stream.id), hostRoom(stream.id)], 'live:gift', { streamId: stream.id, gift, totals: await totalsOf(stream.id) });
  }

  /** A retry's send as stored (its sender and gift read back); a new send is described from what it was made of. */
  async function storedSentGift(send: GiftSendRow): Promise<SentGift | undefined> {
    const row = await sentGiftById(db, send.id);
    return row ? toSentGift(row) : undefined;
  }

  /** A send made before under this sendId: the same gift to the same stream (or, for a chat gift, the same match), or 409. */
  function sameSend(send: GiftSendRow, expected: SendTarget): GiftSendRow {
    const samePlace = send.streamId === expected.streamId && (expected.recipientId === undefined || send.recipientId === expected.recipientId);
    if (send.giftId !== expected.giftId || !samePlace) throw new HttpError(409, GIFT_SEND_REUSED_MESSAGE);
    return send;
  }

  /**
   * The coins leave the sender as a ledger entry keyed by the sendId, and
   * the send is stored, in `tx`. The same sendId sent twice at once: the
   * second waited for the member's balance lock and gets the first's send
   * with no entry of its own.
   */
  async function paidSend(tx: Transaction, member: UserRow, gift: GiftRow, sendId: string, target: SendTarget & { recipientId: string }, at: Date) {
    const posted = await postCoinChange(tx, {
      userId: member.id,
      amount: -gift.priceCoins,
      kind: 'spent',
      reference: `Gift: ${gift.name}`,
      idempotencyKey: `gift:${member.id}:${sendId}`,
    });
    if (posted.replayed) {
      const made = await sendBySendId(tx, member.id, sendId);
      if (!made) throw new HttpError(409, GIFT_SEND_REUSED_MESSAGE);
      return { send: sameSend(made, target), balanceEntry: null };
    }
    // Counted under the member's lock, this send included: parallel sends cannot slip past the rate together.
    if ((await countSendsSince(tx, member.id, new Date(at.getTime() - GIFT_RATE_WINDOW_MS))) >= GIFT_RATE_MAX) throw new HttpError(429, GIFT_RATE_MESSAGE);
    const send = await insertGiftSend(tx, {
      senderId: member.id,
      sendId,
      giftId: gift.id,
      recipientId: target.recipientId,
      streamId: target.streamId,
      coins: gift.priceCoins,
      entryId: posted.entry.id,
      fromHostAddress: target.fromHostAddress ?? false,
      createdAt: at,
    });
    return { send, balanceEntry: posted.entry };
  }

  async function checkedGift(giftId: string): Promise<GiftRow> {
    const gift = await giftById(db, giftId);
    if (!gift) throw new HttpError(404, GIFT_NOT_FOUND_MESSAGE);
    if (!gift.active) throw new HttpError(409, GIFT_RETIRED_MESSAGE);
    return gift;
  }

  async function checkedStream(member: UserRow, streamId: string, context: CommandContext): Promise<StreamRow> {
    const stream = await findStream(db, streamId);
    // Either having blocked the other hides the stream, as watching it does.
    if (!stream || (stream.hostId !== member.id && (await blockedEitherWay(db, member.id, stream.hostId)))) throw new HttpError(404, LIVE_STREAM_NOT_FOUND_MESSAGE);
    if (stream.hostId === member.id) throw new HttpError(400, GIFT_TO_SELF_MESSAGE);
    if (stream.endedAt) throw new HttpError(409, LIVE_STREAM_ENDED_MESSAGE);
    if (!context.rooms.has(audienceRoom(streamId))) throw new HttpError(403, LIVE_NOT_WATCHING_MESSAGE);
    return stream;
  }

  return {
    /** GET /gifts: what members can send, with what the coins cost in money. */
    async offers(): Promise<GiftOffer[]> {
      const [rows, pack] = await Promise.all([activeGiftRows(db), smallestPackOnSale(db)]);
      return rows.map((row) => ({ _id: row.id, name: row.name, icon: row.icon, price: row.priceCoins, value: pack ? coinValue(row.priceCoins, pack) : null }));
    },

    /** GET /live/streams/:streamId/gifts: the stream's totals and its last gifts. */
    async ofStream(stream: StreamRow): Promise<Omit<StreamGiftsResponse, 'success'>> {
      const [totals, recent] = await Promise.all([totalsOf(stream.id), recentStreamGifts(db, stream.id, RECENT_GIFTS)]);
      return { totals, recent: recent.map(toSentGift) };
    },

    /** `live:gift`: a member watching on this socket sends a gift to the stream's host. */
    async sendToStream(member: UserRow, command: LiveGiftCommand, context: CommandContext): Promise<void> {
      const earlier = await sendBySendId(db, member.id, command.sendId);
      if (earlier) {
        // A retry (the answer was lost, or the process died before announcing): announced again, paid once.
        const stream = await findStream(db, command.streamId);
        const again = stream && !stream.endedAt ? await storedSentGift(sameSend(earlier, command)) : undefined;
        if (stream && again) await announce(stream, again);
        return;
      }
      const gift = await checkedGift(command.giftId);
      const stream = await checkedStream(member, command.streamId, context);
      const at = now();
      const { send, balanceEntry } = await db.transaction(async (tx) => {
        const fromHostAddress = stream.hostAddressFingerprint !== null && addressFingerprint(context.address) === stream.hostAddressFingerprint;
        const paid = await paidSend(tx, member, gift, command.sendId, { giftId: gift.id, streamId: stream.id, recipientId: stream.hostId, fromHostAddress }, at);
        // What the gift earns a host enrolled as a creator, in the same transaction as the coins it cost.
        if (paid.balanceEntry) await earnFromGift(tx, { creatorId: stream.hostId, giftSendId: paid.send.id, entryId: paid.balanceEntry.id }, at);
        return paid;
      });
      if (balanceEntry) announceBalance(realtime, member.id, balanceEntry);
      // A send replayed inside the transaction (the same sendId at once) is read back; a new one needs no read.
      const sent =
        balanceEntry
          ? toSentGift({ sendId: send.sendId, giftId: gift.id, giftName: gift.name, giftIcon: gift.icon, coins: send.coins, senderId: member.id, senderUsername: member.username, senderName: member.name, createdAt: send.createdAt })
          : await storedSentGift(send);
      if (sent) await announce(stream, sent);
    },

    /**
     * `message:gift`: a symbolic gift to a match, stored as a `gift` entry in
     * their chat in the same transaction as the coins it cost. It earns
     * nobody anything. Both members' tabs get it as `message:new`.
     */
    async sendToMatch(member: UserRow, command: ChatGiftCommand): Promise<void> {
      const target = { giftId: command.giftId, streamId: null, recipientId: command.peerId };
      const earlier = await sendBySendId(db, member.id, command.sendId);
      if (earlier) {
        // A retry: the entry as stored is announced again (tabs drop a message they already hold).
        sameSend(earlier, target);
        const repeat = await storedRepeat(db, member, command.peerId, command.sendId);
        if (repeat) publishMessage(realtime, member.id, command.peerId, repeat.message);
        return;
      }
      if (command.peerId === member.id) throw new HttpError(400, GIFT_TO_SELF_MESSAGE);
      // Not matched (never, unmatched, blocked) is said before anything about the gift or the coins.
      await assertLiveMatch(db, member, command.peerId);
      const gift = await checkedGift(command.giftId);
      const at = now();
      const { message, balanceEntry } = await db.transaction(async (tx) => {
        const paid = await paidSend(tx, member, gift, command.sendId, target, at);
        if (!paid.balanceEntry) return { message: (await storedRepeat(tx, member, command.peerId, command.sendId))?.message, balanceEntry: null };
        // The match is checked again here, under its lock: an unmatch since the check above undoes the payment.
        const entry = await storeChatEntry(tx, member, command.peerId, { id: command.sendId, text: chatGiftText(gift), kind: 'gift' }, at);
        return { message: entry, balanceEntry: paid.balanceEntry };
      });
      if (balanceEntry) announceBalance(realtime, member.id, balanceEntry);
      if (message) publishMessage(realtime, member.id, command.peerId, message);
    },
  };
}
