import { RECONCILIATION_RUNS_SHOWN, type PaymentMismatch, type ReconciliationRun } from '../../contract/store/reconciliation';
import { balancesOffTheLedger } from '../coins/queries/ledger';
import type { PurchaseRow, ReconciliationRunRow } from '../db/schema';
import type { StoreApp } from './store-app';
import { claimReconciliationDay, finishReconciliationRun, latestReconciliationRuns, paymentsGrantedBetween } from './queries/reconciliation';

// The daily reconciliation (issue 48): the ledger and the balances must
// agree, and every payment Orbit granted must be one the provider has, paid,
// for that amount in that currency. It changes nothing: it reports, to the
// admin and as an error in the log, for a person to look into.

const DAY_MS = 86_400_000;

/** The UTC day before `now` (YYYY-MM-DD): the last whole day of payments. */
export function previousUtcDay(now: Date): string {
  return new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
}

/** What the provider says of one granted payment, as a mismatch (null when it agrees). */
async function checkPayment(app: StoreApp, purchase: PurchaseRow): Promise<PaymentMismatch | null> {
  if (!purchase.checkoutSessionId) return null;
  try {
    const state = await app.payments.retrieveCheckout(purchase.checkoutSessionId);
    if (state.outcome !== 'paid') return { purchaseId: purchase.id, reason: `granted, but the provider says ${state.outcome}` };
    if (state.amountMinor !== purchase.amountMinor || state.currency.toUpperCase() !== purchase.currency) {
      return { purchaseId: purchase.id, reason: `granted ${purchase.amountMinor} ${purchase.currency}, the provider charged ${state.amountMinor} ${state.currency}` };
    }
    return null;
  } catch (error) {
    return { purchaseId: purchase.id, reason: `the provider could not be asked: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Runs the reconciliation of `day` unless a run of it exists (another
 * process's, or an earlier one's); answers the run, or null when not this
 * process's to make.
 */
export async function reconcileDay(app: StoreApp, day: string, now = new Date()): Promise<ReconciliationRunRow | null> {
  if (!(await claimReconciliationDay(app.db, day, now))) return null;
  const membersOffLedger = (await balancesOffTheLedger(app.db)).map((row) => ({ userId: row.userId, balance: row.coins, ledgerSum: row.ledgerSum }));
  const from = new Date(`${day}T00:00:00.000Z`);
  const payments = await paymentsGrantedBetween(app.db, app.payments.name, from, new Date(from.getTime() + DAY_MS));
  const paymentMismatches: PaymentMismatch[] = [];
  // One at a time: a day's payments, asked of the provider without a burst against its rate limit.
  for (const purchase of payments) {
    const mismatch = await checkPayment(app, purchase);
    if (mismatch) paymentMismatches.push(mismatch);
  }
  const run = await finishReconciliationRun(app.db, day, { membersOffLedger, paymentsChecked: payments.length, paymentMismatches, finishedAt: new Date() });
  if (membersOffLedger.length > 0 || paymentMismatches.length > 0) {
    app.log.error({ day, membersOffLedger, paymentMismatches }, 'reconciliation found balances off the ledger or payments the provider does not confirm');
  } else {
    app.log.info({ day, paymentsChecked: payments.length }, 'reconciliation: ledger and payments agree');
  }
  return run;
}

export function toReconciliationRun(row: ReconciliationRunRow): ReconciliationRun {
  return {
    day: row.day,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    membersOffLedger: row.membersOffLedger,
    paymentsChecked: row.paymentsChecked,
    paymentMismatches: row.paymentMismatches,
  };
}

export async function recentReconciliationRuns(app: Pick<StoreApp, 'db'>): Promise<ReconciliationRun[]> {
  return (await latestReconciliationRuns(app.db, RECONCILIATION_RUNS_SHOWN)).map(toReconciliationRun);
}
