import type { CoinPack, VipPlan } from '../../../contract/store/catalogue';
import type { OrbitApp } from '../../../server/app';

/** The first coin pack the seed sells, as the public catalogue lists it. */
export async function firstCoinPack(app: OrbitApp): Promise<CoinPack> {
  const packs = (await app.inject({ method: 'GET', url: '/api/store/coinpacks' })).json<{ coinPacks: CoinPack[] }>().coinPacks;
  if (!packs[0]) throw new Error('the seed sells no coin packs');
  return packs[0];
}

/** A coin pack of at least `coins` (so a spend or two leaves some of it unspent). */
export async function coinPackOfAtLeast(app: OrbitApp, coins: number): Promise<CoinPack> {
  const packs = (await app.inject({ method: 'GET', url: '/api/store/coinpacks' })).json<{ coinPacks: CoinPack[] }>().coinPacks;
  const pack = packs.find((each) => each.coins >= coins);
  if (!pack) throw new Error(`the seed sells no pack of ${coins} coins or more`);
  return pack;
}

/** A VIP plan the seed sells, by name. */
export async function vipPlanNamed(app: OrbitApp, name: string): Promise<VipPlan> {
  const plans = (await app.inject({ method: 'GET', url: '/api/store/vipplans' })).json<{ vipPlans: VipPlan[] }>().vipPlans;
  const plan = plans.find((each) => each.name === name);
  if (!plan) throw new Error(`the seed sells no ${name} plan`);
  return plan;
}
