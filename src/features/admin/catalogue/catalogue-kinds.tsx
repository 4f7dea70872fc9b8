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
import { CURRENCIES, majorAmountText, parseMajorAmount, type Currency, type Money } from '../../../../contract/store/money';
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

interface CatalogueFieldBase {
  name: string;
  label: string;
  hint?: string;
}

/**
 * 'decimal' is a text box for an exact amount such as 9.99: read as typed, not
 * through a number input (which takes "1e3" and hands over a float).
 */
export type CatalogueField =
  | (CatalogueFieldBase & { kind: 'text' | 'number' | 'decimal' | 'checkbox' | 'lines' })
  | (CatalogueFieldBase & { kind: 'select'; options: readonly string[] });

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

/**
 * The form field an input path belongs to: its first segment ('price' for
 * price.amountMinor), except a price's currency, which has a select of its own.
 */
export function formFieldOf(path: ReadonlyArray<PropertyKey>): string {
  if (path[0] === 'price' && path[1] === 'currency') return 'currency';
  return String(path[0] ?? '');
}

/**
 * Field errors keyed by form field. `formErrors` are the form's own (text it
 * could not read); they take precedence over the schema's message for that field.
 */
function prepare<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  save: (input: z.output<S>) => Promise<{ message: string }>,
  formErrors: FieldErrorMap<string> = {},
): PreparedSave {
  const parsed = schema.safeParse(raw);
  if (parsed.success && Object.keys(formErrors).length === 0) return { ok: true, run: () => save(parsed.data) };
  const errors: FieldErrorMap<string> = { ...formErrors };
  for (const issue of parsed.error?.issues ?? []) errors[formFieldOf(issue.path)] ??= issue.message;
  return { ok: false, errors };
}

const text = (values: FieldValues, name: string) => String(values[name] ?? '').trim();
/** Empty stays empty (so "required" reads right); anything else becomes a number for the schema to judge. */
const numeric = (values: FieldValues, name: string) => (text(values, name) === '' ? undefined : Number(text(values, name)));
const flag = (values: FieldValues, name: string) => values[name] === true;
const withId = (id: string | undefined) => (id ? { _id: id } : {});

/** New coin packs and VIP plans start in US dollars, the currency of the seeded catalogue (SPEC section 9). */
const DEFAULT_PRICE_CURRENCY: Currency = 'USD';
const PRICE_TEXT_MESSAGE = 'Price must be an amount like 9.99';

const priceFields: CatalogueField[] = [
  { name: 'price', label: 'Price', kind: 'decimal', hint: 'In the currency below, e.g. 9.99' },
  { name: 'currency', label: 'Currency', kind: 'select', options: CURRENCIES },
];
const priceValues = (price: Money): FieldValues => ({ price: majorAmountText(price.amountMinor, price.currency), currency: price.currency });

/**
 * The admin types major units ("9.99"); the API takes whole smallest units.
 * Text that is not such an amount gets its own message, as the schema only
 * sees the missing number.
 */
function readPrice(values: FieldValues): { price: { amountMinor: number | undefined; currency: string }; errors: FieldErrorMap<string> } {
  const currency = text(values, 'currency');
  const amountMinor = parseMajorAmount(text(values, 'price'), currency);
  if (amountMinor === null) return { price: { amountMinor: undefined, currency }, errors: { price: PRICE_TEXT_MESSAGE } };
  return { price: { amountMinor, currency }, errors: {} };
}

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
    ...priceFields,
    { name: 'popular', label: 'Most popular', kind: 'checkbox' },
    { name: 'active', label: 'Active (on sale)', kind: 'checkbox' },
  ],
  blank: { name: '', coins: '', price: '', currency: DEFAULT_PRICE_CURRENCY, popular: false, active: true },
  toValues: (pack) => ({ name: pack.name, coins: String(pack.coins), ...priceValues(pack.price), popular: pack.popular, active: pack.active }),
  prepareSave: (values, id) => {
    const { price, errors } = readPrice(values);
    return prepare(
      coinPackInputSchema,
      {
        ...withId(id),
        name: text(values, 'name'),
        coins: numeric(values, 'coins'),
        price,
        popular: flag(values, 'popular'),
        active: flag(values, 'active'),
      },
      saveCoinPack,
      errors,
    );
  },
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
    ...priceFields,
    { name: 'features', label: 'Features', kind: 'lines', hint: 'One feature per line' },
    { name: 'popular', label: 'Recommended', kind: 'checkbox' },
    { name: 'active', label: 'Active (on sale)', kind: 'checkbox' },
  ],
  blank: { name: '', duration: '30', price: '', currency: DEFAULT_PRICE_CURRENCY, features: '', popular: false, active: true },
  toValues: (plan) => ({
    name: plan.name,
    duration: String(plan.duration),
    ...priceValues(plan.price),
    features: plan.features.join('\n'),
    popular: plan.popular,
    active: plan.active,
  }),
  prepareSave: (values, id) => {
    const { price, errors } = readPrice(values);
    return prepare(
      vipPlanInputSchema,
      {
        ...withId(id),
        name: text(values, 'name'),
        duration: numeric(values, 'duration'),
        price,
        features: String(values.features ?? '').split('\n'),
        popular: flag(values, 'popular'),
        active: flag(values, 'active'),
      },
      saveVipPlan,
      errors,
    );
  },
  remove: deleteVipPlan,
};
