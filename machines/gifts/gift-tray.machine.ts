import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { actorNotProvided } from '../actor-not-provided';
import { errorMessage } from '../error-message';

/** The ledger's refusal when the balance cannot pay (server/coins/ledger.ts): the tray then offers coin packs. */
export const NOT_ENOUGH_COINS = 'Not enough coins';

/** How long "<gift> sent!" stays before the tray is ready for the next gift. */
export const GIFT_SENT_NOTE_MS = 2500;

/** Whom the tray's gifts go to: the host of a stream the member watches, or a match in their chat (a symbolic gift). */
export type GiftTarget = { streamId: string } | { peerId: string };

export interface GiftTrayInput {
  to: GiftTarget;
}

/** What the `sendGift` actor is asked: one gift to the target, named by the browser once per press (a retry sends the same name). */
export interface GiftSendRequest {
  to: GiftTarget;
  giftId: string;
  sendId: string;
}

export interface GiftTrayContext {
  to: GiftTarget;
  giftId: string | null;
  sendId: string | null;
  /** Why the last send was refused, in the server's words. */
  error: string | null;
}

export type GiftTrayEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  /** `sendId`: made by the browser (crypto.randomUUID) for this press. */
  | { type: 'SEND'; giftId: string; sendId: string }
  /** Try the refused send again under the same name: if it did land, it is not paid twice. */
  | { type: 'RETRY' };

/**
 * The gift tray of a stream a member watches, or of a chat with a match
 * (issue 49): open, pick a gift,
 * sending, then "sent" for a moment, or why not: short of coins (the tray
 * offers the coin packs), or another refusal with Try again.
 */
export const giftTrayMachine = setup({
  types: {
    input: {} as GiftTrayInput,
    context: {} as GiftTrayContext,
    events: {} as GiftTrayEvent,
  },
  actors: {
    sendGift: actorNotProvided<void, GiftSendRequest>('giftTray', 'sendGift'),
  },
  guards: {
    shortOfCoins: ({ context }) => context.error === NOT_ENOUGH_COINS,
  },
  actions: {
    pickGift: assign(({ event }) => {
      assertEvent(event, 'SEND');
      return { giftId: event.giftId, sendId: event.sendId, error: null };
    }),
    clearOutcome: assign({ giftId: null, sendId: null, error: null }),
    noteRefusal: assign({ error: ({ event }) => errorMessage((event as { error?: unknown }).error, 'The gift could not be sent') }),
  },
  delays: {
    SENT_NOTE: GIFT_SENT_NOTE_MS,
  },
}).createMachine({
  id: 'giftTray',
  description: "A gift tray (a viewer's to a stream's host, or a member's to a match in their chat): pick a gift from the catalogue and send it; short of coins, it offers the coin packs.",
  context: ({ input }) => ({ to: input.to, giftId: null, sendId: null, error: null }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The Send a gift button only.',
      entry: 'clearOutcome',
      on: { OPEN: 'open' },
    },
    open: {
      description: 'The gifts on offer, each with its price in coins and in money; the balance beside them.',
      on: {
        CLOSE: 'closed',
        SEND: { target: 'sending', actions: 'pickGift' },
      },
    },
    sending: {
      description: 'The gift goes on the realtime channel (only while connected); its name is the ledger key.',
      invoke: {
        id: 'sendGift',
        src: 'sendGift',
        input: ({ context }) => ({ to: context.to, giftId: context.giftId ?? '', sendId: context.sendId ?? '' }),
        onDone: 'sent',
        onError: { target: 'refused', actions: 'noteRefusal' },
      },
    },
    sent: {
      description: '"<gift> sent!" for a moment; the host and the audience (or the match, in the chat) see it arrive.',
      after: { SENT_NOTE: { target: 'open', actions: 'clearOutcome' } },
      on: {
        CLOSE: 'closed',
        SEND: { target: 'sending', actions: 'pickGift' },
      },
    },
    refused: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'shortOfCoins', target: 'shortOfCoins' }, { target: 'otherwise' }],
        },
        shortOfCoins: { description: 'Not enough coins: the tray says so and offers the coin packs; nothing was taken.' },
        otherwise: {
          description: 'Why not, in the server\'s words, with Try again.',
          on: { RETRY: '#giftTray.sending' },
        },
      },
      on: {
        CLOSE: 'closed',
        SEND: { target: 'sending', actions: 'pickGift' },
      },
    },
  },
});

export type GiftTraySnapshot = SnapshotFrom<typeof giftTrayMachine>;
