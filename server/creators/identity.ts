import { CREATOR_MIN_AGE, CREATOR_TERMS_VERSION, IDENTITY_NOT_FOUND_MESSAGE, NOT_A_CREATOR_MESSAGE, type CreatorIdentity, type CreatorIdentityBody } from '../../contract/creators';
import type { CreatorIdentityRow, UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { recordAdminAction } from '../admin/queries/audit';
import { creatorOf } from './queries/earnings';
import { markIdentityChecked, upsertIdentity } from './queries/identities';

const TAX_ID_ENDING_LENGTH = 4;

export const toCreatorIdentity = (row: CreatorIdentityRow): CreatorIdentity => ({
  legalName: row.legalName,
  birthDate: row.birthDate,
  address: row.address,
  taxIdEnding: row.taxId.slice(-TAX_ID_ENDING_LENGTH),
  submittedAt: row.submittedAt.toISOString(),
  checkedAt: row.checkedAt?.toISOString() ?? null,
});

/** Whole years from the birth date to `now` (UTC). */
function ageOn(birthDate: string, now: Date): number {
  const [year = 0, month = 1, day = 1] = birthDate.split('-').map(Number);
  const hadBirthday = now.getUTCMonth() + 1 > month || (now.getUTCMonth() + 1 === month && now.getUTCDate() >= day);
  return now.getUTCFullYear() - year - (hadBirthday ? 0 : 1);
}

/** PUT /creators/me/identity: a creator says who they are (again: a new check). */
export async function submitIdentity(db: OrbitDatabase, member: Pick<UserRow, 'id'>, body: CreatorIdentityBody, now: Date): Promise<CreatorIdentity> {
  const creator = await creatorOf(db, member.id);
  if (creator?.termsVersion !== CREATOR_TERMS_VERSION) throw new HttpError(403, NOT_A_CREATOR_MESSAGE);
  const age = ageOn(body.birthDate, now);
  if (age < CREATOR_MIN_AGE || age > 120) throw new HttpError(400, `Date of birth: creators must be ${CREATOR_MIN_AGE} or over`);
  return toCreatorIdentity(await upsertIdentity(db, { userId: member.id, ...body, submittedAt: now }));
}

/** POST /admin/creators/:id/identity-check: the admin checked the documents and screened the name against sanctions lists. */
export async function recordIdentityChecked(db: OrbitDatabase, adminId: string, userId: string, now: Date): Promise<CreatorIdentity> {
  return db.transaction(async (tx) => {
    const checked = await markIdentityChecked(tx, userId, adminId, now);
    if (!checked) throw new HttpError(404, IDENTITY_NOT_FOUND_MESSAGE);
    await recordAdminAction(tx, { adminId, action: 'check-identity', targetType: 'user', targetId: userId, details: 'Documents checked; no sanctions match' });
    return toCreatorIdentity(checked);
  });
}
