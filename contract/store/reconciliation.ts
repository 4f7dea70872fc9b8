import { z } from 'zod';

// The daily reconciliation (issue 48): once a day Orbit checks that every
// member's coin balance is the sum of their ledger entries, and that every
// payment it granted the day before is paid, for that amount, at the provider.
// The admin reads the runs; a mismatch is also logged as an error.

export const ledgerMismatchSchema = z.object({ userId: z.string(), balance: z.number().int(), ledgerSum: z.number().int() });
export const paymentMismatchSchema = z.object({ purchaseId: z.string(), reason: z.string() });
export type LedgerMismatch = z.infer<typeof ledgerMismatchSchema>;
export type PaymentMismatch = z.infer<typeof paymentMismatchSchema>;

export const reconciliationRunSchema = z.object({
  /** The UTC day whose payments were checked (YYYY-MM-DD); balances are checked as they stood at the run. */
  day: z.string(),
  startedAt: z.string(),
  /** Null while the run is under way. */
  finishedAt: z.string().nullable(),
  membersOffLedger: z.array(ledgerMismatchSchema),
  paymentsChecked: z.number().int(),
  paymentMismatches: z.array(paymentMismatchSchema),
});
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;

export const reconciliationRunsResponseSchema = z.object({ success: z.literal(true), runs: z.array(reconciliationRunSchema) });
export type ReconciliationRunsResponse = z.infer<typeof reconciliationRunsResponseSchema>;

/** How many runs the admin sees: two weeks. */
export const RECONCILIATION_RUNS_SHOWN = 14;
