import { z } from 'zod';
import { idSchema } from './common';
import { moneySchema } from './store/money';

// Gifts (issue 49): a member spends coins on a gift from the admin's
// catalogue and sends it to the host of a stream they watch. The send is a
// realtime command (`live:gift`), so a gift goes only while connected, never
// from an offline queue; the browser names each send, and that name is the
// ledger key, so a retry after a lost answer sends once. Everyone in the
// stream gets `live:gift` with the stream's totals.
//
// Between matches a gift is symbolic (`message:gift`): it costs the sender
// the coins and arrives as a chat entry, but earns nobody anything, since paid
// gifts between matches are a cash-out route for romance scams.

/** Gifts one member may send per GIFT_RATE_WINDOW_MS, across streams. */
export const GIFT_RATE_MAX = 10;
export const GIFT_RATE_WINDOW_MS = 10_000;
/** How many of a stream's biggest gifters its totals name. */
export const TOP_GIFTERS = 3;
/** How many recent gifts a member who opens a stream sees. */
export const RECENT_GIFTS = 20;

export const GIFT_NOT_FOUND_MESSAGE = 'Gift not found';
export const GIFT_RETIRED_MESSAGE = 'This gift is no longer available';
export const GIFT_TO_SELF_MESSAGE = "You can't send a gift to yourself";
export const GIFT_RATE_MESSAGE = 'You are sending gifts too fast, please wait a moment';
export const GIFT_SEND_REUSED_MESSAGE = 'This gift was already sent as a different gift';

/** A gift members can send: its price in coins, and what those coins cost in money (null while no pack is on sale). */
export const giftOfferSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** An emoji. */
  icon: z.string(),
  price: z.number().int().positive(),
  value: moneySchema.nullable(),
});
export type GiftOffer = z.infer<typeof giftOfferSchema>;

/** GET /gifts: the gifts on offer, in the admin's order. */
export const giftOffersResponseSchema = z.object({ success: z.literal(true), gifts: z.array(giftOfferSchema) });
export type GiftOffersResponse = z.infer<typeof giftOffersResponseSchema>;

export const giftSenderSchema = z.object({ _id: z.string(), username: z.string(), name: z.string() });

/** One gift sent: what, by whom, for how many coins, when (ISO). `sendId` is the sender's name for the send. */
export const sentGiftSchema = z.object({
  sendId: z.string(),
  gift: z.object({ _id: z.string(), name: z.string(), icon: z.string() }),
  coins: z.number().int().positive(),
  sender: giftSenderSchema,
  sentAt: z.string(),
});
export type SentGift = z.infer<typeof sentGiftSchema>;

/** A stream's takings so far: `gifts` only grows, so of two totals the one with more gifts is the later. */
export const giftTotalsSchema = z.object({
  coins: z.number().int().min(0),
  gifts: z.number().int().min(0),
  topGifters: z.array(giftSenderSchema.extend({ coins: z.number().int().positive() })),
});
export type GiftTotals = z.infer<typeof giftTotalsSchema>;

/** GET /live/streams/:streamId/gifts (members): the totals and the last RECENT_GIFTS gifts, oldest first. */
export const streamGiftsResponseSchema = z.object({ success: z.literal(true), totals: giftTotalsSchema, recent: z.array(sentGiftSchema) });
export type StreamGiftsResponse = z.infer<typeof streamGiftsResponseSchema>;

/** `live:gift` (browser to server): send gift `giftId` to the host of a stream this socket watches. */
export const liveGiftCommandSchema = z.object({
  streamId: idSchema,
  giftId: idSchema,
  sendId: z.uuid({ message: 'sendId must be a UUID' }),
});
export type LiveGiftCommand = z.infer<typeof liveGiftCommandSchema>;

/** `live:gift` (server to the host and the audience): a gift arrived, and the stream's totals with it. */
export const liveGiftEventSchema = z.object({ streamId: z.string(), gift: sentGiftSchema, totals: giftTotalsSchema });
export type LiveGiftEvent = z.infer<typeof liveGiftEventSchema>;

/** `message:gift` (browser to server): send gift `giftId` to match `peerId`, as an entry in their chat (message kind `gift`, its id the sendId). */
export const chatGiftCommandSchema = z.object({
  peerId: idSchema,
  giftId: idSchema,
  sendId: z.uuid({ message: 'sendId must be a UUID' }),
});
export type ChatGiftCommand = z.infer<typeof chatGiftCommandSchema>;

/** A chat gift's entry text: the gift's icon and name ("🌹 Rose"). */
export const chatGiftText = (gift: { icon: string; name: string }): string => `${gift.icon} ${gift.name}`;
