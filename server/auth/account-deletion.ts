import { CURRENT_PASSWORD_INCORRECT, PAYOUT_PENDING_MESSAGE, type DeleteAccountBody } from '../../contract/auth/sign-in';
import type { UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { photoIdsOf } from '../photos/queries';
import { discardPhotoFiles, type PhotoContext } from '../photos/service';
import { HttpError } from '../plugins/errors';
import { verifyPassword } from './passwords';
import { deleteAccountRow, hasPendingWithdrawal, lockAccountRow } from './queries/accounts';
import { forgetFailures } from './queries/sign-in-failures';
import { accountKeyFor } from './sign-in-throttle';
import { codeFailuresKey } from './totp';

/**
 * Deletes a member's account for good once their password is proven. The
 * foreign keys in server/db/schema.ts decide what goes with the row: what is
 * only theirs (sessions, likes either way, matches, blocks either way)
 * cascades away; what other people still rely on (reports they made,
 * purchases and settled withdrawals for the books, moderation records) stays
 * with the member's id set to null. Every foreign key to users.id is one or
 * the other, so the delete cannot be refused by a constraint. Reports about
 * the member hold no foreign key and stay whole, named by the username they
 * were about: deleting an account must not wipe what others reported.
 *
 * Emails still in the outbox (no SMTP) to the member's address are deleted
 * by the route once this has committed.
 *
 * Sessions go with the row, and the auth guard reads the row on every
 * request, so the caller's token stops working at once. Photo rows cascade
 * too; their files are deleted once the deletion has committed (files
 * cannot roll back with a transaction, and nothing serves a photo without
 * its row).
 */
export async function deleteAccount(
  db: OrbitDatabase,
  user: UserRow,
  body: DeleteAccountBody,
  photos: Pick<PhotoContext, 'storage' | 'log'>,
  /** Cancels the member's VIP subscription at the payment provider (store area), so a deleted account is never charged again. */
  stopRenewals: (userId: string) => Promise<void>,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, body.password))) throw new HttpError(400, CURRENT_PASSWORD_INCORRECT);
  // Checked again under the lock below; first here, so a deletion refused for it cancels nothing.
  if (await hasPendingWithdrawal(db, user.id)) throw new HttpError(409, PAYOUT_PENDING_MESSAGE);
  await stopRenewals(user.id);
  // The cascades make this one statement atomic already; the transaction is
  // where anything added later (an audit entry) must go, so the
  // account is never half deleted. A second request racing this one deletes
  // nothing and still succeeds: the account is gone, as asked.
  const photoIds = await db.transaction(async (tx) => {
    // A payout still under review is money owed to the member, and paying it
    // needs the account's details: it must be settled first.
    if (await hasPendingWithdrawal(tx, user.id)) throw new HttpError(409, PAYOUT_PENDING_MESSAGE);
    // The row lock every photo change takes first (photos/queries.ts): an upload
    // committing meanwhile is either among these ids or finds the account gone.
    await lockAccountRow(tx, user.id);
    const ids = await photoIdsOf(tx, user.id);
    await deleteAccountRow(tx, user.id);
    // Wrong passwords and codes are counted under the username and the id, not the row: they go by hand.
    await forgetFailures(tx, [accountKeyFor('user', user.username), codeFailuresKey(user.id)]);
    return ids;
  });
  await discardPhotoFiles(photos, photoIds);
}
