import { z } from 'zod';
import { moneySchema } from '../store/money';
import { userSchema } from './profile';

// "Download my data" (GDPR articles 15 and 20): everything Orbit keeps about
// the signed-in member, in one JSON file they can read or take elsewhere.
// Other people appear by username and name only.

const personSchema = z.object({ username: z.string(), name: z.string() });

export const dataExportSchema = z.object({
  /** When the file was made (ISO). */
  exportedAt: z.string(),
  /** The member's own record, as GET /api/user/me gives it. */
  account: userSchema,
  /** Photos they uploaded, in profile order: the largest stored copy of each (as served, without metadata) and when it was added. */
  photos: z.array(z.object({ url: z.string(), createdAt: z.string() })),
  /** Where the radar places them: what they saved, or null. */
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  /** Likes and passes they gave, newest first. */
  decisions: z.array(personSchema.extend({ type: z.string(), at: z.string() })),
  matches: z.array(personSchema.extend({ matchedAt: z.string() })),
  /** Every message of the member's conversations, either way (an ended conversation's are deleted with it). */
  messages: z.array(z.object({ with: z.string(), seq: z.number().int(), fromMe: z.boolean(), text: z.string(), sentAt: z.string() })),
  blocked: z.array(personSchema.extend({ blockedAt: z.string() })),
  /** Reports they sent, with what they wrote. */
  reports: z.array(personSchema.extend({ reason: z.string(), details: z.string(), status: z.string(), at: z.string() })),
  purchases: z.array(
    z.object({
      receiptNumber: z.string(),
      kind: z.string(),
      item: z.string(),
      coins: z.number().int().nullable(),
      amount: moneySchema,
      /** What went back to them (a withdrawal); null when nothing. */
      refunded: moneySchema.nullable(),
      status: z.string(),
      at: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
  /** Their VIP subscriptions: the plan, its price and period, and how it stands or ended. */
  vipSubscriptions: z.array(
    z.object({ plan: z.string(), price: moneySchema, billingMonths: z.number().int(), status: z.string(), cancelAtPeriodEnd: z.boolean(), currentPeriodEnd: z.string(), startedAt: z.string() }),
  ),
  /** Every change of their coin balance, newest first: how many coins, why, and the balance after it. */
  coins: z.array(z.object({ amount: z.number().int(), kind: z.string(), reference: z.string(), balanceAfter: z.number().int(), at: z.string() })),
  /** Coins they cashed out: what was asked, how, and what the operators decided (with the transaction id or the reason). */
  withdrawals: z.array(
    z.object({
      coins: z.number().nullable(),
      amount: moneySchema,
      method: z.string(),
      status: z.string(),
      transactionId: z.string().nullable(),
      reason: z.string().nullable(),
      requestedAt: z.string(),
      decidedAt: z.string().nullable(),
    }),
  ),
  /** Gifts they sent or received, newest first: the gift, its coins, the other member (null once gone) and the stream it was sent in. */
  gifts: z.array(
    z.object({ direction: z.enum(['sent', 'received']), gift: z.string(), coins: z.number().int(), with: personSchema.nullable(), stream: z.string().nullable(), at: z.string() }),
  ),
  /** What gifts earned them as a creator, newest first: the money, whether it was a test payment's, and from when it can be withdrawn. */
  creatorEarnings: z.array(z.object({ amount: moneySchema, test: z.boolean(), gift: z.string().nullable(), earnedAt: z.string(), availableAt: z.string() })),
  /** Live streams they hosted, newest first, with how many watched. */
  liveStreamsHosted: z.array(z.object({ title: z.string(), startedAt: z.string(), endedAt: z.string().nullable(), peakViewers: z.number().int(), totalViewers: z.number().int() })),
  /** Live streams they watched, newest first: the stream, its host and when they first joined. */
  liveStreamsWatched: z.array(z.object({ stream: z.string(), host: personSchema, firstJoinedAt: z.string() })),
  /** What they wrote in live streams' chats, newest first (a line the host removed says when). */
  liveChat: z.array(z.object({ stream: z.string(), host: personSchema, text: z.string(), at: z.string(), removedAt: z.string().nullable() })),
  /** As a creator: when they enrolled and under which terms, and who they said they are for payouts (null: not a creator, or not given). */
  creator: z
    .object({
      enrolledAt: z.string(),
      termsVersion: z.string(),
      identity: z
        .object({ legalName: z.string(), birthDate: z.string(), address: z.string(), taxId: z.string(), submittedAt: z.string(), checkedAt: z.string().nullable() })
        .nullable(),
    })
    .nullable(),
  /** Sign-ins, without their tokens: the browser they were made from, when each started, when it runs out, and when it was ended. */
  sessions: z.array(z.object({ userAgent: z.string().nullable(), startedAt: z.string(), expiresAt: z.string(), endedAt: z.string().nullable() })),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** The file name the browser saves it under. */
export const dataExportFileName = (username: string) => `orbit-data-${username}.json`;
