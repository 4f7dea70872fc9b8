import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { VipPlan } from '../../../contract/store/listings';
import { subscriptionQueryOptions } from '../../api/subscriptions';
import { ChangePlanDialog } from './ChangePlanDialog';
import type { PlanChoice } from './VipPlanCard';

/**
 * A member has one subscription: while it lasts, the plans on /vip and
 * /store offer a change of plan (with its dialog) instead of Get VIP. Signed
 * out nothing is asked, and `queries` is empty so the screen does not wait.
 */
export function usePlanChoice(isAuthenticated: boolean) {
  const query = useQuery({ ...subscriptionQueryOptions(), enabled: isAuthenticated });
  const [planToChange, setPlanToChange] = useState<VipPlan | null>(null);
  const subscription = (isAuthenticated ? query.data : null) ?? null;
  const planChoice: PlanChoice | null = subscription ? { subscription, onChangePlan: setPlanToChange } : null;
  const changeDialog =
    planToChange && subscription ? <ChangePlanDialog plan={planToChange} subscription={subscription} onClose={() => setPlanToChange(null)} /> : null;
  return { subscription, planChoice, changeDialog, queries: isAuthenticated ? [query] : [] };
}
