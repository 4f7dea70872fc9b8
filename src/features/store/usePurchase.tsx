import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent } from 'xstate';
import {
  purchaseMachine,
  selectDialog,
  selectPendingItem,
  type CheckoutReturn,
  type PurchaseItem,
} from '../../../machines/store/purchase.machine';
import { realtimeHub } from '../../realtime/hub';
import { useAuth } from '../auth/AuthProvider';
import { useReturnHere } from '../auth/useReturnHere';
import { createPurchaseActors, goToCheckoutPage } from './purchase-actors';

type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;
export type PurchaseActor = ActorRefFrom<typeof purchaseMachine>;

/**
 * What a test may swap: the machine with its actors already provided, the
 * clock, an inspector, the browser's navigation to checkout (jsdom has none)
 * and how a Buy Now's attempt id is made. The app passes none of these and
 * gets the server's checkout for coin packs and the simulated one for VIP plans.
 */
export interface PurchaseOverrides {
  machine?: typeof purchaseMachine;
  clock?: Clock;
  inspect?: (event: InspectionEvent) => void;
  onActor?: (actor: PurchaseActor) => void;
  goToCheckout?: (url: string) => void;
  newAttemptId?: () => string;
}

const PurchaseOverridesContext = createContext<PurchaseOverrides>({});

export function PurchaseOverridesProvider({ value, children }: { value: PurchaseOverrides; children: ReactNode }) {
  return <PurchaseOverridesContext.Provider value={value}>{children}</PurchaseOverridesContext.Provider>;
}

const randomAttemptId = () => crypto.randomUUID();

/**
 * The buying flow of one screen. Signed out, a purchase starts at /login
 * instead (SPEC: User role buys), so checkout always knows who is paying.
 */
export function usePurchase() {
  const overrides = useContext(PurchaseOverridesContext);
  const queryClient = useQueryClient();
  const { machine: givenMachine, goToCheckout = goToCheckoutPage, newAttemptId = randomAttemptId } = overrides;
  const machine = useMemo(
    () =>
      (givenMachine ?? purchaseMachine.provide({ actors: createPurchaseActors({ hub: realtimeHub, queryClient }) })).provide({
        actions: { goToCheckout: (_, { url }) => goToCheckout(url) },
      }),
    [givenMachine, queryClient, goToCheckout],
  );
  const actor = useActorRef(machine, {
    ...(overrides.clock ? { clock: overrides.clock } : {}),
    ...(overrides.inspect ? { inspect: overrides.inspect } : {}),
  });
  const { onActor } = overrides;
  useEffect(() => {
    onActor?.(actor);
  }, [actor, onActor]);

  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const returnHere = useReturnHere();
  const pendingItem = useSelector(actor, selectPendingItem);
  const dialog = useSelector(actor, selectDialog);

  const buy = useCallback(
    (item: PurchaseItem) => {
      if (!isAuthenticated) {
        void navigate({ to: '/login', search: returnHere });
        return;
      }
      // One attempt id per Buy Now: the server finds the same checkout again for a retry of it.
      actor.send({ type: 'BUY', item, attemptId: newAttemptId() });
    },
    [actor, isAuthenticated, navigate, returnHere, newAttemptId],
  );
  const toggleWaiver = useCallback(() => actor.send({ type: 'TOGGLE_WAIVER' }), [actor]);
  const continueToPayment = useCallback(() => actor.send({ type: 'CONTINUE' }), [actor]);
  /** Back from checkout (the return address names the purchase): confirm it, or cancel it when the buyer left without paying. */
  const returned = useCallback(
    (purchaseId: string, outcome: CheckoutReturn) => actor.send({ type: 'RETURNED', purchaseId, outcome }),
    [actor],
  );
  /** Closes the dialog when it can be closed (not while checkout opens or a payment is being confirmed); true when it did. */
  const dismiss = useCallback(() => {
    if (!actor.getSnapshot().can({ type: 'DISMISS' })) return false;
    actor.send({ type: 'DISMISS' });
    return true;
  }, [actor]);

  return { buy, toggleWaiver, continueToPayment, returned, dismiss, pendingItem, dialog, isBusy: pendingItem !== null };
}

export type PurchaseFlow = ReturnType<typeof usePurchase>;
