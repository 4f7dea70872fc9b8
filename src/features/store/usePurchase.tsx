import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent } from 'xstate';
import { purchaseMachine, selectOutcome, selectPendingItem, type PurchaseItem } from '../../../machines/store/purchase.machine';
import { simulatedPurchaseActors } from '../../../machines/store/purchase.sim';
import { useAuth } from '../auth/AuthProvider';
import { useReturnHere } from '../auth/useReturnHere';

type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;
export type PurchaseActor = ActorRefFrom<typeof purchaseMachine>;

/**
 * What a test may swap: the machine with its checkout actor already
 * provided, the clock and an inspector. The app passes none of these and
 * gets the simulated checkout; a real one is a different `purchase` actor.
 */
export interface PurchaseOverrides {
  machine?: typeof purchaseMachine;
  clock?: Clock;
  inspect?: (event: InspectionEvent) => void;
  onActor?: (actor: PurchaseActor) => void;
}

const PurchaseOverridesContext = createContext<PurchaseOverrides>({});

export function PurchaseOverridesProvider({ value, children }: { value: PurchaseOverrides; children: ReactNode }) {
  return <PurchaseOverridesContext.Provider value={value}>{children}</PurchaseOverridesContext.Provider>;
}

const defaultMachine = purchaseMachine.provide({ actors: simulatedPurchaseActors });

/**
 * The buying flow of one screen. Signed out, a purchase starts at /login
 * instead (SPEC: User role buys), so checkout always knows who is paying.
 */
export function usePurchase() {
  const overrides = useContext(PurchaseOverridesContext);
  const machine = useMemo(() => overrides.machine ?? defaultMachine, [overrides.machine]);
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
  const outcome = useSelector(actor, selectOutcome);

  const buy = useCallback(
    (item: PurchaseItem) => {
      if (!isAuthenticated) {
        void navigate({ to: '/login', search: returnHere });
        return;
      }
      actor.send({ type: 'BUY', item });
    },
    [actor, isAuthenticated, navigate, returnHere],
  );
  const dismiss = useCallback(() => actor.send({ type: 'DISMISS' }), [actor]);

  return { buy, dismiss, pendingItem, outcome, isBusy: pendingItem !== null };
}

export type PurchaseFlow = ReturnType<typeof usePurchase>;
