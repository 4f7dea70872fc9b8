import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnyActorRef, AnyEventObject } from 'xstate';
import { CHECKOUT_CANCELLED_MESSAGE, TEST_PAYMENT_LABEL, WITHDRAWAL_WAIVER_TEXT, type Purchase, type PurchaseStatus } from '../../../contract/store/purchases';
import {
  BANK_CONFIRMING_MESSAGE,
  CANCELLING_MESSAGE,
  CHECKOUT_EXPIRED_MESSAGE,
  CONFIRMING_MESSAGE,
  PAYMENT_FAILED_MESSAGE,
  PURCHASE_DELAYS,
  PURCHASE_FAILED_MESSAGE,
  purchaseMachine,
  STILL_CONFIRMING_MESSAGE,
  type PurchaseEvent,
  type PurchaseItem,
  type PurchaseSnapshot,
} from '../../../machines/store/purchase.machine';
import { ApiError } from '../../../src/api/client';
import { coinPackItem } from '../../../src/features/store/CoinPackCard';
import { VIP_START_NOW_TEXT } from '../../../contract/store/subscriptions';
import { vipPlanItem } from '../../../src/features/store/VipPlanCard';
import { createModel, doneEvent, errorEvent, printCoverageAfterAll, type ModelPath, type ModelStep } from '../../support/model';
import { mockApi } from '../../src/support/render-app';
import {
  COIN_PACKS,
  coinPacksReply,
  meReply,
  noSubscriptionReply,
  publicConfigReply,
  purchaseOf,
  renderStoreApp,
  VIP_PLANS,
  vipPlansReply,
} from '../../src/features/store/store-fixtures';

/**
 * The purchase machine walked through the real screens: BUY is a click on a
 * pack's Buy Now or a plan's Get VIP (on the Store), TOGGLE_WAIVER a click on
 * the consent box (a pack's waiver, a plan's start-now request), CONTINUE on Continue to payment, DISMISS on Cancel or OK,
 * and RETURNED is checkout sending the browser back to
 * /coins?purchase=<id>[&checkout=cancelled]. The server's answers are
 * settled by the harness through the test-controlled actors, the server's
 * news of the purchase comes through the awaitPurchaseUpdate callback as the
 * hub sends it, and CONFIRMATION_PATIENCE runs on the simulated clock. Every
 * state is checked by what the buyer sees.
 */

const [, valuePack] = COIN_PACKS;
const [, platinum] = VIP_PLANS;
if (!valuePack || !platinum) throw new Error('fixtures changed');
const PACK = coinPackItem(valuePack);
const PLAN = vipPlanItem(platinum);
const ITEMS: PurchaseItem[] = [PACK, PLAN];
const ATTEMPT_ID = '7b0c1d9e-3f4a-4b5c-8d6e-0f1a2b3c4d5e';
const PURCHASE_ID = '5d1f0c2a-8e3b-4c7d-9a6f-1b2c3d4e5f60';
const CHECKOUT_URL = `/test-checkout/cs_local_${PURCHASE_ID}`;
const CONFIRMATION_PATIENCE_MS = 5000;

/** The card each item is bought from, by its heading. */
const CARD_NAMES: Record<string, { card: string; button: 'Buy Now' | 'Get VIP' }> = {
  [valuePack._id]: { card: valuePack.name, button: 'Buy Now' },
  [platinum._id]: { card: platinum.name, button: 'Get VIP' },
};

const bought = (status: PurchaseStatus): Purchase => purchaseOf(status, { _id: PURCHASE_ID });
const SERVER_NEWS: PurchaseStatus[] = ['processing', 'paid', 'failed', 'cancelled', 'expired'];

type BuyEvent = Extract<PurchaseEvent, { type: 'BUY' }>;
type ReturnedEvent = Extract<PurchaseEvent, { type: 'RETURNED' }>;
const isBuy = (event: AnyEventObject): event is BuyEvent => event.type === 'BUY';
const isReturned = (event: AnyEventObject): event is ReturnedEvent => event.type === 'RETURNED';
const statusOf = (value: unknown): string => (value as { status?: string } | undefined)?.status ?? '?';
const errorText = (error: unknown) => (error instanceof Error ? JSON.stringify(error.message) : 'no message');

function describeEvent(event: AnyEventObject): string {
  if (isBuy(event)) return `BUY ${event.item.name}`;
  if (isReturned(event)) return `RETURNED ${event.outcome}`;
  if (event.type.startsWith('xstate.after.')) return 'after CONFIRMATION_PATIENCE';
  if (event.type === 'PURCHASE_UPDATED') return `PURCHASE_UPDATED ${statusOf((event as { purchase?: unknown }).purchase)}`;
  if (event.type === 'xstate.done.actor.createCheckout') return `createCheckout done (to ${(event.output as { url: string }).url})`;
  if (event.type === 'xstate.done.actor.confirmPurchase') return `confirmPurchase done (${statusOf(event.output)})`;
  if (event.type === 'xstate.done.actor.cancelCheckout') return `cancelCheckout done (${statusOf((event.output as { purchase: unknown }).purchase)})`;
  if (event.type.startsWith('xstate.error.actor.')) return `${event.type.slice('xstate.error.actor.'.length)} fails (${errorText(event.error)})`;
  return event.type;
}

const events = {
  BUY: ITEMS.map((item): BuyEvent => ({ type: 'BUY', item, attemptId: ATTEMPT_ID })),
  RETURNED: (['returned', 'cancelled'] as const).map((outcome): ReturnedEvent => ({ type: 'RETURNED', purchaseId: PURCHASE_ID, outcome })),
  'xstate.done.actor.createCheckout': [doneEvent('createCheckout', { url: CHECKOUT_URL })],
  'xstate.error.actor.createCheckout': [
    errorEvent('createCheckout', new ApiError('This coin pack is no longer on sale', 404)),
    errorEvent('createCheckout', 'no reason given'),
  ],
  'xstate.done.actor.confirmPurchase': (['pending', ...SERVER_NEWS] as const).map((status) => doneEvent('confirmPurchase', bought(status))),
  'xstate.error.actor.confirmPurchase': [errorEvent('confirmPurchase', new ApiError('Could not confirm your payment', 0))],
  PURCHASE_UPDATED: SERVER_NEWS.map((status) => ({ type: 'PURCHASE_UPDATED', purchase: bought(status) })),
  'xstate.done.actor.cancelCheckout': [
    doneEvent('cancelCheckout', { purchase: bought('cancelled'), message: CHECKOUT_CANCELLED_MESSAGE }),
    // Paid as the buyer left checkout: the 409 is answered by confirming it.
    doneEvent('cancelCheckout', { purchase: bought('paid'), message: '' }),
  ],
  'xstate.error.actor.cancelCheckout': [errorEvent('cancelCheckout', new ApiError('Could not cancel checkout', 0))],
};

/**
 * A failed, cancelled or expired purchase ends the wait the same way from
 * wherever it is in it (one transition of `confirming`): walked from the
 * start of the wait only, as the confirm call's answer and as the server's news.
 */
function endingsFromTheStart(snapshot: PurchaseSnapshot, event: AnyEventObject): boolean {
  const { purchase, output } = event as { purchase?: unknown; output?: unknown };
  const news = event.type === 'PURCHASE_UPDATED' ? purchase : event.type === 'xstate.done.actor.confirmPurchase' ? output : null;
  if (!news || !['failed', 'cancelled', 'expired'].includes(statusOf(news))) return true;
  return snapshot.matches({ confirming: { server: 'asking', patience: 'waiting' } });
}

const fromActors = { PURCHASE_UPDATED: 'awaitPurchaseUpdate', PAGE_RESTORED: 'watchPageRestore' };

/** Every transition, with every answer the server can give. */
const model = createModel(purchaseMachine, {
  events,
  describeEvent,
  fromActors,
  filterEvents: endingsFromTheStart,
});

/**
 * For simple paths: the same machine with one answer of each kind, so every
 * order of the confirm call, the server's news and the timer is walked
 * without repeating each order for every status.
 */
const orderModel = createModel(purchaseMachine, {
  events: {
    ...events,
    BUY: [{ type: 'BUY', item: PACK, attemptId: ATTEMPT_ID }],
    RETURNED: [{ type: 'RETURNED', purchaseId: PURCHASE_ID, outcome: 'returned' }],
    'xstate.error.actor.createCheckout': [errorEvent('createCheckout', new ApiError('This coin pack is no longer on sale', 404))],
    'xstate.done.actor.confirmPurchase': [doneEvent('confirmPurchase', bought('pending')), doneEvent('confirmPurchase', bought('paid'))],
    PURCHASE_UPDATED: [{ type: 'PURCHASE_UPDATED', purchase: bought('processing') }, { type: 'PURCHASE_UPDATED', purchase: bought('paid') }],
  },
  describeEvent,
  fromActors,
});

afterEach(() => localStorage.clear());
printCoverageAfterAll();

const user = userEvent.setup({ delay: null });

function cardOf(item: PurchaseItem) {
  const target = CARD_NAMES[item.id];
  if (!target) throw new Error(`No card for ${item.name}`);
  return { card: screen.getByRole('article', { name: target.card }), button: target.button };
}

const buyButtons = () => [...screen.queryAllByRole('button', { name: 'Buy Now' }), ...screen.queryAllByRole('button', { name: 'Get VIP' })];
const theDialog = () => screen.getByRole('dialog');

interface Walk {
  path: ModelPath<typeof purchaseMachine>;
  /** The screen the path starts on: the Store to buy, the Coins screen to come back from checkout. */
  screenPath: '/store' | '/coins';
  navigate: (search: { purchase?: string; checkout?: 'cancelled' }) => Promise<void>;
  search: () => Record<string, unknown>;
  checkoutPages: string[];
}

async function perform(event: AnyEventObject, walk: Walk) {
  if (isBuy(event)) {
    const { card, button } = cardOf(event.item);
    await user.click(within(card).getByRole('button', { name: button }));
    return;
  }
  if (isReturned(event)) {
    await walk.navigate({ purchase: event.purchaseId, ...(event.outcome === 'cancelled' ? { checkout: 'cancelled' } : {}) });
    return;
  }
  if (event.type === 'TOGGLE_WAIVER') {
    await user.click(within(theDialog()).getByRole('checkbox', { name: /^I want my (coins|VIP)/ }));
    return;
  }
  if (event.type === 'CONTINUE') {
    // Disabled until the box is ticked: the click then does nothing, as the model says.
    await user.click(within(theDialog()).getByRole('button', { name: 'Continue to payment' }));
    return;
  }
  if (event.type === 'DISMISS') {
    const dialog = within(theDialog());
    await user.click(dialog.queryByRole('button', { name: 'Cancel' }) ?? dialog.getByRole('button', { name: 'OK' }));
    return;
  }
  throw new Error(`No user action for ${event.type}`);
}

function expectButtonsReady(walk: Walk) {
  const expected = walk.screenPath === '/store' ? COIN_PACKS.length + VIP_PLANS.length : COIN_PACKS.length;
  expect(buyButtons()).toHaveLength(expected);
  for (const button of buyButtons()) expect(button).toBeEnabled();
}

/** A coin pack asks for the withdrawal waiver, a VIP plan for the request to start now. */
const consentTextOf = (item: PurchaseItem) => (item.kind === 'vipPlan' ? VIP_START_NOW_TEXT : WITHDRAWAL_WAIVER_TEXT);
const consentDialogOf = (item: PurchaseItem) => screen.getByRole('dialog', { name: item.kind === 'vipPlan' ? `Get ${item.name}` : `Buy ${item.name}` });

function expectCheckoutOpening(item: PurchaseItem, waiverTicked: boolean) {
  const busy = within(cardOf(item).card).getByRole('button', { name: 'Processing...' });
  expect(busy).toBeDisabled();
  expect(busy).toHaveAttribute('aria-busy', 'true');
  // Everything else waits for this checkout: a second click starts nothing.
  for (const button of buyButtons()) expect(button).toBeDisabled();
  const dialog = consentDialogOf(item);
  expect(within(dialog).getByRole('button', { name: 'Opening checkout...' })).toBeDisabled();
  expect(within(dialog).getByRole('checkbox', { name: consentTextOf(item) })).toBeChecked();
  expect(waiverTicked).toBe(true);
}

function expectReceipt(purchase: Purchase) {
  const dialog = screen.getByRole('dialog', { name: 'Payment received' });
  expect(dialog).toHaveTextContent(`${purchase.coins ?? 0} coins added to your balance.`);
  expect(dialog).toHaveTextContent(purchase.receiptNumber);
  expect(dialog).toHaveTextContent(purchase.itemName);
  expect(dialog).toHaveTextContent('$4.99');
  expect(dialog).toHaveTextContent(TEST_PAYMENT_LABEL);
  expect(within(dialog).getByRole('button', { name: 'OK' })).toHaveFocus();
}

function assertScreen(expected: PurchaseSnapshot, walk: Walk) {
  const { item, purchase, message, error, waiverTicked } = expected.context;
  if (expected.matches('idle')) {
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expectButtonsReady(walk);
    // Back from checkout and read: a reload must not confirm or cancel it again.
    expect(walk.search()).not.toHaveProperty('purchase');
    return;
  }
  if (expected.matches('consenting')) {
    if (!item) throw new Error('Consenting without an item');
    const dialog = consentDialogOf(item);
    expect(dialog).toHaveTextContent(`${item.name} for ${item.priceLabel}`);
    if (item.kind === 'vipPlan') expect(dialog).toHaveTextContent('It renews until you cancel.');
    const box = within(dialog).getByRole('checkbox', { name: consentTextOf(item) });
    if (waiverTicked) expect(box).toBeChecked();
    else expect(box).not.toBeChecked();
    const proceed = within(dialog).getByRole('button', { name: 'Continue to payment' });
    if (waiverTicked) expect(proceed).toBeEnabled();
    else expect(proceed).toBeDisabled();
    expect(walk.checkoutPages).toEqual([]);
    return;
  }
  if (expected.matches('creatingCheckout')) {
    if (!item) throw new Error('Checkout without an item');
    expectCheckoutOpening(item, waiverTicked);
    expect(walk.checkoutPages).toEqual([]);
    return;
  }
  if (expected.matches('awayAtCheckout')) {
    if (!item) throw new Error('Checkout without an item');
    expectCheckoutOpening(item, waiverTicked);
    expect(walk.checkoutPages).toEqual([CHECKOUT_URL]);
    return;
  }
  if (expected.matches({ confirming: { patience: 'slow' } })) {
    const dialog = screen.getByRole('dialog', { name: 'Confirming your payment' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(purchase?.status === 'processing' ? BANK_CONFIRMING_MESSAGE : STILL_CONFIRMING_MESSAGE);
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeEnabled();
    return;
  }
  if (expected.matches('confirming')) {
    const dialog = screen.getByRole('dialog', { name: 'Confirming your payment' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(CONFIRMING_MESSAGE);
    expect(within(dialog).queryByRole('button', { name: 'OK' })).not.toBeInTheDocument();
    return;
  }
  if (expected.matches('cancelling')) {
    const dialog = screen.getByRole('dialog', { name: 'Checkout' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(CANCELLING_MESSAGE);
    return;
  }
  if (expected.matches('credited')) {
    if (!purchase) throw new Error('A receipt without a purchase');
    expect(purchase.status).toBe('paid');
    expectReceipt(purchase);
    return;
  }
  if (expected.matches('cancelled')) {
    const dialog = screen.getByRole('dialog', { name: 'Checkout cancelled' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(message ?? '');
    expect([CHECKOUT_CANCELLED_MESSAGE, CHECKOUT_EXPIRED_MESSAGE]).toContain(message);
    return;
  }
  if (expected.matches('failed')) {
    const dialog = screen.getByRole('dialog', { name: item ? `Checkout: ${item.name}` : 'Checkout' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(error ?? '');
    expect([PURCHASE_FAILED_MESSAGE, PAYMENT_FAILED_MESSAGE, 'This coin pack is no longer on sale', 'Could not cancel checkout']).toContain(error);
    return;
  }
  throw new Error(`No screen check for ${JSON.stringify(expected.value)}`);
}

/** The inputs every invoked actor must have had by this step. */
function assertInvocations(steps: ReadonlyArray<ModelStep<typeof purchaseMachine>>, invocations: ReadonlyArray<{ src: string; input: unknown }>) {
  const lastBuy = steps
    .map((step) => step.event)
    .filter(isBuy)
    .at(-1);
  const entered = (state: string) => steps.filter((step, index) => index > 0 && step.state.matches(state as 'idle') && !steps[index - 1]?.state.matches(state as 'idle')).length;
  const of = (src: string) => invocations.filter((invocation) => invocation.src === src);

  // One checkout per Buy Now, with the item clicked, its attempt id, and the waiver only when ticked (a coin pack's).
  expect(of('createCheckout')).toHaveLength(entered('creatingCheckout'));
  for (const invocation of of('createCheckout')) {
    expect(invocation.input).toEqual({ item: lastBuy?.item, attemptId: ATTEMPT_ID, waiveWithdrawal: true });
  }
  expect(of('confirmPurchase')).toHaveLength(entered('confirming'));
  expect(of('awaitPurchaseUpdate')).toHaveLength(entered('confirming'));
  expect(of('cancelCheckout')).toHaveLength(entered('cancelling'));
  for (const src of ['confirmPurchase', 'awaitPurchaseUpdate', 'cancelCheckout']) {
    for (const invocation of of(src)) expect(invocation.input).toEqual({ purchaseId: PURCHASE_ID });
  }
}

function walkPath(path: ModelPath<typeof purchaseMachine>, from: typeof model) {
  const first = path.steps[1]?.event;
  const screenPath = first && isReturned(first) ? '/coins' : '/store';
  let navigate: Walk['navigate'] = () => Promise.reject(new Error('not mounted'));
  let search: Walk['search'] = () => ({});
  const walk: Walk = { path, screenPath, navigate: (next) => navigate(next), search: () => search(), checkoutPages: [] };

  return from.replay(path, {
    mount: async ({ machine, clock, inspect }) => {
      localStorage.setItem('user_token', 'user-token');
      mockApi({
        'GET /api/config/public': publicConfigReply,
        'GET /api/store/coinpacks': () => coinPacksReply(),
        'GET /api/store/subscription': noSubscriptionReply,
        'GET /api/store/vipplans': () => vipPlansReply(),
        'GET /api/user/me': () => meReply(),
      });
      let captured: AnyActorRef | undefined;
      const view = renderStoreApp(screenPath, {
        machine,
        clock,
        inspect,
        onActor: (actor) => (captured = actor),
        goToCheckout: (url) => walk.checkoutPages.push(url),
        newAttemptId: () => ATTEMPT_ID,
      });
      navigate = async (next) => {
        await view.router.navigate({ to: '/coins', search: next });
      };
      search = () => view.router.state.location.search;
      await screen.findByRole('region', { name: screenPath === '/store' ? 'VIP Memberships' : 'Coin Packs' });
      await waitFor(() => expect(captured).toBeDefined());
      if (!captured) throw new Error('The purchase actor was not exposed');
      return { actor: captured, unmount: () => view.unmount() };
    },
    executeEvent: (event) => perform(event, walk),
    assertState: async (expected, { invocations, stepIndex, clock }) => {
      await waitFor(() => assertScreen(expected, walk));
      assertInvocations(path.steps.slice(0, stepIndex + 1), invocations);
      const timers = path.steps.slice(1, stepIndex + 1).filter((step) => step.event.type.startsWith('xstate.after.')).length;
      expect(clock.now()).toBe(timers * CONFIRMATION_PATIENCE_MS);
    },
  });
}

describe('buying on the Store and coming back to Coins, every shortest path', () => {
  const paths = model.shortestPaths();
  it('has a path for every transition', () => expect(paths.length).toBeGreaterThan(40));
  for (const path of paths) it(path.description, () => walkPath(path, model));
});

describe('coming back from checkout, every order of the answer, the news and the timer', () => {
  const paths = orderModel.simplePaths().filter((path) => path.steps.some((step) => step.state.matches('confirming')));
  it('has paths to walk', () => expect(paths.length).toBeGreaterThan(10));
  for (const path of paths) it(path.description, () => walkPath(path, orderModel));
});

describe('purchase machine coverage', () => {
  it('entered every state and took every transition', () => {
    const coverage = model.coverage();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('tells the buyer it takes longer after 5 seconds', () => {
    expect(PURCHASE_DELAYS).toEqual({ CONFIRMATION_PATIENCE: CONFIRMATION_PATIENCE_MS });
  });
});
