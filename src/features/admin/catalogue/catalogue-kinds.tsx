import type { ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  coinPackInputSchema,
  giftInputSchema,
  vipPlanInputSchema,
  type AdminCoinPack,
  type AdminVipPlan,
  type Gift,
} from '../../../../contract/store/catalogue';
import {
  adminCoinPacksQueryOptions,
  adminGiftsQueryOptions,
  adminKeys,
  adminVipPlansQueryOptions,
  deleteCoinPack,
  deleteGift,
  deleteVipPlan,
  saveCoinPack,
  saveGift,
  saveVipPlan,
} from '../../../api/admin/console';
import { loadedByRoute } from '../../../lib/page-data';
import { Badge, type FieldErrorMap } from '../../../ui';
import { formatCount, formatCurrency } from '../shared/format';

export type FieldValues = Record<string, string | boolean>;

export interface CatalogueField {
  name: string;
  label: string;
  kind: 'text' | 'number' | 'checkbox' | 'lines';
  hint?: string;
}

export interface CatalogueColumn<Item> {
  header: string;
  cell: (item: Item) => ReactNode;
}

/** Everything the generic catalogue panel needs to list, edit and delete one kind of item. */
export interface CatalogueKind<Item extends { _id: string; name: string }> {
  id: 'gifts' | 'coinPacks' | 'vipPlans';
  title: string;
  /** Lower case, singular: 'gift', 'coin pack', 'VIP plan'. */
  noun: string;
  /** Reads the list (a hook: call it unconditionally). */
  useItems: () => UseQueryResult<Item[], Error>;
  /** What to invalidate after a change. */
  queryKey: readonly string[];
  columns: Array<CatalogueColumn<Item>>;
  fields: CatalogueField[];
  blank: FieldValues;
  toValues: (item: Item) => FieldValues;
  /** Checks the form with the contract's input schema (the API's own messages), then returns the save to run. */
  prepareSave: (values: FieldValues, id: string | undefined) => PreparedSave;
  remove: (id: string) => Promise<{ message: string }>;
}

export type PreparedSave = { ok: true; run: () => Promise<{ message: string }> } | { ok: false; errors: FieldErrorMap<string> };

/** Field errors keyed by the form field name (the first segment of the schema path). */
function prepare<S extends z.ZodType>(schema: S, raw: unknown, save: (input: z.output<S>) => Promise<{ message: string }>): PreparedSave {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, run: () => save(parsed.data) };
  const errors: FieldErrorMap<string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return { ok: false, errors };
}

const text = (values: FieldValues, name: string) => String(values[name] ?? '').trim();
/** Empty stays empty (so "required" reads right); anything else becomes a number for the schema to judge. */
const numeric = (values: FieldValues, name: string) => (text(values, name) === '' ? undefined : Number(text(values, name)));
const flag = (values: FieldValues, name: string) => values[name] === true;
const withId = (id: string | undefined) => (id ? { _id: id } : {});

const activeBadge = (active: boolean) => <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Hidden'}</Badge>;

export const giftKind: CatalogueKind<Gift> = {
  id: 'gifts',
  title: 'Gifts',
  noun: 'gift',
  useItems: () => useQuery({ ...adminGiftsQueryOptions(), ...loadedByRoute }),
  queryKey: adminKeys.gifts(),
  columns: [
    { header: 'Gift', cell: (gift) => `${gift.icon} ${gift.name}` },
    { header: 'Price', cell: (gift) => `${formatCount(gift.price)} coins` },
    { header: 'Status', cell: (gift) => activeBadge(gift.active) },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'icon', label: 'Icon', kind: 'text', hint: 'One emoji, e.g. 🌹' },
    { name: 'price', label: 'Price (coins)', kind: 'number' },
    { name: 'active', label: 'Active (shown to members)', kind: 'checkbox' },
  ],
  blank: { name: '', icon: '', price: '', active: true },
  toValues: (gift) => ({ name: gift.name, icon: gift.icon, price: String(gift.price), active: gift.active }),
  prepareSave: (values, id) =>
    prepare(
      giftInputSchema,
      { ...withId(id), name: text(values, 'name'), icon: text(values, 'icon'), price: numeric(values, 'price'), active: flag(values, 'active') },
      saveGift,
    ),
  remove: deleteGift,
};

export const coinPackKind: CatalogueKind<AdminCoinPack> = {
  id: 'coinPacks',
  title: 'Coin Packs',
  noun: 'coin pack',
  useItems: () => useQuery({ ...adminCoinPacksQueryOptions(), ...loadedByRoute }),
  queryKey: adminKeys.coinPacks(),
  columns: [
    { header: 'Pack', cell: (pack) => pack.name },
    { header: 'Coins', cell: (pack) => formatCount(pack.coins) },
    { header: 'Price', cell: (pack) => formatCurrency(pack.price) },
    { header: 'Status', cell: (pack) => (pack.popular ? <>{activeBadge(pack.active)} <Badge tone="vip">Most popular</Badge></> : activeBadge(pack.active)) },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'coins', label: 'Coins', kind: 'number' },
    { name: 'price', label: 'Price (USD)', kind: 'number' },
    { name: 'popular', label: 'Most popular', kind: 'checkbox' },
    { name: 'active', label: 'Active (on sale)', kind: 'checkbox' },
  ],
  blank: { name: '', coins: '', price: '', popular: false, active: true },
  toValues: (pack) => ({ name: pack.name, coins: String(pack.coins), price: String(pack.price), popular: pack.popular, active: pack.active }),
  prepareSave: (values, id) =>
    prepare(
      coinPackInputSchema,
      {
        ...withId(id),
        name: text(values, 'name'),
        coins: numeric(values, 'coins'),
        price: numeric(values, 'price'),
        popular: flag(values, 'popular'),
        active: flag(values, 'active'),
      },
      saveCoinPack,
    ),
  remove: deleteCoinPack,
};

export const vipPlanKind: CatalogueKind<AdminVipPlan> = {
  id: 'vipPlans',
  title: 'VIP Plans',
  noun: 'VIP plan',
  useItems: () => useQuery({ ...adminVipPlansQueryOptions(), ...loadedByRoute }),
  queryKey: adminKeys.vipPlans(),
  columns: [
    { header: 'Plan', cell: (plan) => plan.name },
    { header: 'Duration', cell: (plan) => `${formatCount(plan.duration)} days` },
    { header: 'Price', cell: (plan) => formatCurrency(plan.price) },
    { header: 'Features', cell: (plan) => plan.features.join(', ') || '—' },
    { header: 'Status', cell: (plan) => (plan.popular ? <>{activeBadge(plan.active)} <Badge tone="vip">Recommended</Badge></> : activeBadge(plan.active)) },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'duration', label: 'Duration (days)', kind: 'number', hint: '1 to 3650 days' },
    { name: 'price', label: 'Price (USD)', kind: 'number' },
    { name: 'features', label: 'Features', kind: 'lines', hint: 'One feature per line' },
    { name: 'popular', label: 'Recommended', kind: 'checkbox' },
    { name: 'active', label: 'Active (on sale)', kind: 'checkbox' },
  ],
  blank: { name: '', duration: '30', price: '', features: '', popular: false, active: true },
  toValues: (plan) => ({
    name: plan.name,
    duration: String(plan.duration),
    price: String(plan.price),
    features: plan.features.join('\n'),
    popular: plan.popular,
    active: plan.active,
  }),
  prepareSave: (values, id) =>
    prepare(
      vipPlanInputSchema,
      {
        ...withId(id),
        name: text(values, 'name'),
        duration: numeric(values, 'duration'),
        price: numeric(values, 'price'),
        features: String(values.features ?? '').split('\n'),
        popular: flag(values, 'popular'),
        active: flag(values, 'active'),
      },
      saveVipPlan,
    ),
  remove: deleteVipPlan,
};
