import { z } from 'zod';
import { idSchema } from '../common';
import { moneySchema } from './money';

// Buying with money (issue 48): a purchase is stored as pending when its
// checkout starts and is granted only when the payment provider confirms it
// (a signed webhook, or the return page asking the provider itself). The
// provider's test checkout (PAYMENTS_PROVIDER=local) is in ./test-checkout.ts.

export const PAYMENT_PROVIDERS = ['stripe', 'local', 'seed'] as const;
/** stripe: real money; local: Orbit's own test checkout, no money moves; seed: the demo seed's invented history. */
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * pending: checkout is open; processing: paid by a method that confirms later
 * (a bank transfer); paid: granted; failed: the later confirmation failed;
 * cancelled: the member left checkout; expired: checkout was never finished.
 */
export const PURCHASE_STATUSES = ['pending', 'processing', 'paid', 'failed', 'cancelled', 'expired'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** A member's refund of a coin pack: asked (the coins have left), settled by the provider, or refused by it (the coins came back). */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The card holder disputed the payment with their bank: open until the bank decides, then won (Orbit keeps the money) or lost. */
export const DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** A coin pack whose coins are all unspent may be refunded by its buyer this long after paying. */
export const COIN_REFUND_DAYS = 14;

export const PURCHASE_KINDS = ['coinPack', 'vipPlan'] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];

/** A checkout not finished in this time expires: nothing can be paid through it any more. */
export const CHECKOUT_EXPIRY_MINUTES = 30;

/** The EU's consumer rules: the member gives up the 14-day right of withdrawal to get digital content at once, by ticking this (never pre-ticked). */
export const WITHDRAWAL_WAIVER_TEXT = 'I want my coins now and lose my 14-day right of withdrawal once they are credited';

/** On every screen of the local provider, and on each of its receipts. */
export const TEST_PAYMENT_LABEL = 'Test payment: no money moves';

export const CHECKOUT_CANCELLED_MESSAGE = 'Checkout cancelled. Nothing was charged.';

/** A member's purchase, as their history and receipt show it. */
export const purchaseSchema = z.object({
  _id: z.string(),
  /** Printed on the receipt: short, unique, derived from the id. */
  receiptNumber: z.string(),
  kind: z.enum(PURCHASE_KINDS),
  itemName: z.string(),
  /** The coins a coin pack grants; null for a VIP plan. */
  coins: z.number().int().nullable(),
  /** A VIP plan's billing period (it renews until cancelled); null for a coin pack. */
  billingMonths: z.number().int().nullable(),
  /** What was (or will be) charged, VAT included. */
  amount: moneySchema,
  status: z.enum(PURCHASE_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** True when the local provider took it: no money moved. */
  testPayment: z.boolean(),
  /** The member ticked WITHDRAWAL_WAIVER_TEXT before paying. */
  withdrawalWaived: z.boolean(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** What went back to the member (a refund or a withdrawal); null when nothing was refunded. */
  refunded: moneySchema.nullable(),
  /** Where the member's refund of a coin pack stands; null when none was asked. */
  refundStatus: z.enum(REFUND_STATUSES).nullable(),
  /** Until when the member may refund it (a coin pack, all its coins unspent); null when they may not. */
  refundableUntil: z.string().nullable(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/**
 * Start (or, with the same attemptId, find again) the checkout of one coin
 * pack (the withdrawal waiver ticked) or one VIP plan, a subscription (its
 * start-now request ticked: VIP_START_NOW_TEXT).
 */
export const startCheckoutBodySchema = z
  .strictObject({
    item: z.strictObject({
      kind: z.enum(PURCHASE_KINDS, { message: 'Only coin packs and VIP plans can be bought here' }),
      id: idSchema,
    }),
    /** Made by the browser once per Buy Now: a double click or a retry finds the same checkout. */
    attemptId: z.uuid({ message: 'attemptId must be a UUID' }),
    waiveWithdrawal: z.boolean({ message: 'waiveWithdrawal must be true or false' }).optional(),
    startNow: z.boolean({ message: 'startNow must be true or false' }).optional(),
  })
  .superRefine((body, context) => {
    if (body.item.kind === 'coinPack' && body.waiveWithdrawal !== true) {
      context.addIssue({ code: 'custom', path: ['waiveWithdrawal'], message: 'Tick the box to get your coins now' });
    }
    if (body.item.kind === 'vipPlan' && body.startNow !== true) {
      context.addIssue({ code: 'custom', path: ['startNow'], message: 'Tick the box to start your VIP now' });
    }
  });
export type StartCheckoutBody = z.infer<typeof startCheckoutBodySchema>;

export const startCheckoutResponseSchema = z.object({
  success: z.literal(true),
  purchase: purchaseSchema,
  /** Where the browser goes to pay: the provider's page (absolute) or the local test checkout (a path on this site). */
  checkoutUrl: z.string(),
});
export type StartCheckoutResponse = z.infer<typeof startCheckoutResponseSchema>;

export const purchaseIdParamsSchema = z.strictObject({ id: idSchema });

/** The member's purchase, after the server asked the provider how its checkout ended (and granted it if paid). */
export const purchaseResponseSchema = z.object({ success: z.literal(true), purchase: purchaseSchema });
export type PurchaseResponse = z.infer<typeof purchaseResponseSchema>;

export const cancelCheckoutResponseSchema = z.object({ success: z.literal(true), purchase: purchaseSchema, message: z.string() });
export type CancelCheckoutResponse = z.infer<typeof cancelCheckoutResponseSchema>;

/** Why a coin pack cannot be refunded, and what a refund did. */
export const COIN_REFUND_MESSAGES = {
  notCoins: 'Only coin packs can be refunded here',
  notPaid: 'Only a paid purchase can be refunded',
  notRefundable: 'This purchase cannot be refunded',
  alreadyAsked: 'This purchase has already been refunded',
  tooLate: `More than ${COIN_REFUND_DAYS} days have passed since you paid, so this purchase can no longer be refunded`,
  spent: 'Some of these coins have been spent, so this purchase can no longer be refunded',
  refused: 'The payment provider refused the refund, so your coins are back; our team has been told.',
  refunded: (amount: string, coins: string) => `Refunded: ${amount} goes back to how you paid, and ${coins} coins have left your balance.`,
  pending: (amount: string, coins: string) => `Refund asked: ${amount} goes back to how you paid once the payment provider confirms, and ${coins} coins have left your balance.`,
} as const;

/** The member's refund of a coin pack: the purchase as it now stands, and the balance the coins left. */
export const refundPurchaseResponseSchema = z.object({ success: z.literal(true), purchase: purchaseSchema, message: z.string(), balance: z.number().int() });
export type RefundPurchaseResponse = z.infer<typeof refundPurchaseResponseSchema>;

export const PURCHASE_HISTORY_PAGE_SIZE = 20;

export const purchaseHistoryQuerySchema = z.strictObject({
  page: z.coerce.number({ message: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be at least 1').default(1),
});

export const purchaseHistoryResponseSchema = z.object({
  success: z.literal(true),
  purchases: z.array(purchaseSchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type PurchaseHistoryResponse = z.infer<typeof purchaseHistoryResponseSchema>;

/** Which provider takes payments here; the screens show a "Test payments" banner when no money moves. */
export const paymentsModeResponseSchema = z.object({
  success: z.literal(true),
  provider: z.enum(['stripe', 'local']),
  testPayments: z.boolean(),
});
export type PaymentsModeResponse = z.infer<typeof paymentsModeResponseSchema>;

/** To the buyer's open tabs when a purchase changes state (paid, processing, failed, cancelled, expired). */
export const purchaseUpdatedEventSchema = z.object({ purchase: purchaseSchema });
export type PurchaseUpdatedEvent = z.infer<typeof purchaseUpdatedEventSchema>;
