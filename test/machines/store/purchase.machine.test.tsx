import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnyActorRef, AnyEventObject } from 'xstate';
import { PURCHASE_FAILED_MESSAGE, purchaseMachine, type PurchaseEvent, type PurchaseItem, type PurchaseSnapshot } from '../../../machines/store/purchase.machine';
import { coinPackItem } from '../../../src/features/store/CoinPackCard';
import { vipPlanItem } from '../../../src/features/store/VipPlanCard';
import { createModel, doneEvent, errorEvent, printCoverageAfterAll, type ModelPath } from '../../support/model';
import { mockApi } from '../../src/support/render-app';
import {
  COIN_PACKS,
  coinPacksReply,
  meReply,
  publicConfigReply,
  renderStoreApp,
  VIP_PLANS,
  vipPlansReply,
} from '../../src/features/store/store-fixtures';

/**
 * The purchase machine walked through the real Store screen: BUY is a click
 * on a pack's Buy Now or a plan's Get VIP, DISMISS a click on OK, and every
 * state is checked by what the buyer sees. Checkout's answer is settled by
 * the harness through the test-controlled purchase actor.
 */

const [, valuePack] = COIN_PACKS;
const [, platinum] = VIP_PLANS;
if (!valuePack || !platinum) throw new Error('fixtures changed');
const ITEMS: PurchaseItem[] = [coinPackItem(valuePack), vipPlanItem(platinum)];
/** The card each item is bought from, by its heading. */
const CARD_NAMES: Record<string, { card: string; button: 'Buy Now' | 'Get VIP' }> = {
  [valuePack._id]: { card: valuePack.name, button: 'Buy Now' },
  [platinum._id]: { card: platinum.name, button: 'Get VIP' },
};

type BuyEvent = Extract<PurchaseEvent, { type: 'BUY' }>;
const isBuy = (event: AnyEventObject): event is BuyEvent => event.type === 'BUY';

const model = createModel(purchaseMachine, {
  events: {
    BUY: ITEMS.map((item) => ({ type: 'BUY', item })),
    'xstate.done.actor.purchase': [doneEvent('purchase', { message: 'Redirecting you to the payment page' })],
    'xstate.error.actor.purchase': [errorEvent('purchase', new Error('Card declined')), errorEvent('purchase', 'no reason given')],
  },
  describeEvent: (event) => {
    if (isBuy(event)) return `BUY ${event.item.name}`;
    if (event.type === 'xstate.done.actor.purchase') return 'checkout succeeds';
    if (event.type === 'xstate.error.actor.purchase') return `checkout fails (${event.error instanceof Error ? event.error.message : 'no message'})`;
    return event.type;
  },
});

afterEach(() => localStorage.clear());
printCoverageAfterAll();

const user = userEvent.setup({ delay: null });

function cardOf(item: PurchaseItem) {
  const target = CARD_NAMES[item.id];
  if (!target) throw new Error(`No card for ${item.name}`);
  return { card: screen.getByRole('article', { name: target.card }), button: target.button };
}

async function perform(event: AnyEventObject) {
  if (isBuy(event)) {
    const { card, button } = cardOf(event.item);
    await user.click(within(card).getByRole('button', { name: button }));
    return;
  }
  if (event.type === 'DISMISS') {
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    return;
  }
  throw new Error(`No user action for ${event.type}`);
}

const buyButtons = () => [...screen.getAllByRole('button', { name: 'Buy Now' }), ...screen.getAllByRole('button', { name: 'Get VIP' })];

function assertScreen(expected: PurchaseSnapshot) {
  const { item, message, error } = expected.context;
  if (expected.matches('idle')) {
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(buyButtons()).toHaveLength(COIN_PACKS.length + VIP_PLANS.length);
    for (const button of buyButtons()) expect(button).toBeEnabled();
    return;
  }
  if (!item) throw new Error('A purchase state without an item');
  if (expected.matches('purchasing')) {
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const busy = within(cardOf(item).card).getByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    // Everything else waits for this checkout.
    for (const button of buyButtons()) expect(button).toBeDisabled();
    return;
  }
  const dialog = screen.getByRole('dialog', { name: `Checkout: ${item.name}` });
  if (expected.matches('succeeded')) expect(within(dialog).getByRole('status')).toHaveTextContent(message ?? '');
  else {
    expect(within(dialog).getByRole('alert')).toHaveTextContent(error ?? '');
    expect([PURCHASE_FAILED_MESSAGE, 'Card declined']).toContain(error);
  }
}

function walk(path: ModelPath<typeof purchaseMachine>) {
  return model.replay(path, {
    mount: async ({ machine, clock, inspect }) => {
      localStorage.setItem('user_token', 'user-token');
      mockApi({
        'GET /api/config/public': publicConfigReply,
        'GET /api/store/coinpacks': () => coinPacksReply(),
        'GET /api/store/vipplans': () => vipPlansReply(),
        'GET /api/user/me': () => meReply(),
      });
      let captured: AnyActorRef | undefined;
      const view = renderStoreApp('/store', { machine, clock, inspect, onActor: (actor) => (captured = actor) });
      await screen.findByRole('region', { name: 'VIP Memberships' });
      await waitFor(() => expect(captured).toBeDefined());
      if (!captured) throw new Error('The purchase actor was not exposed');
      return { actor: captured, unmount: () => view.unmount() };
    },
    executeEvent: (event) => perform(event),
    assertState: async (expected, { invocations, stepIndex }) => {
      await waitFor(() => assertScreen(expected));
      // Checkout always gets exactly the item that was clicked.
      const lastBuy = path.steps
        .slice(0, stepIndex + 1)
        .reverse()
        .map((step) => step.event)
        .find(isBuy);
      if (lastBuy) expect(invocations.at(-1)?.input).toEqual(lastBuy.item);
      else expect(invocations).toEqual([]);
    },
  });
}

describe('purchase flow on the Store screen, every shortest path', () => {
  const paths = model.shortestPaths();
  // Two items (a pack, a plan) times three outcomes (success, error text, no text).
  it('has a path for every item and outcome', () => expect(paths).toHaveLength(6));
  for (const path of paths) it(path.description, () => walk(path));
});

describe('purchase flow on the Store screen, every simple path', () => {
  const paths = model.simplePaths();
  it('has a path for every item and outcome', () => expect(paths).toHaveLength(6));
  for (const path of paths) it(path.description, () => walk(path));
});
