import { allEntriesOf } from '../coins/queries/ledger';
import { messagesOfMember } from '../messaging/queries';
import type { DataExport } from '../../contract/members/data-export';
import type { UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { largestPhotoUrl, listPhotoRows } from '../photos/queries';
import { dataExportRows } from './queries';
import { toUserView } from './views';
import { subscriptionsOf } from '../store/queries/subscriptions';
import { receiptNumber } from '../store/views';
import { giftsOfMember } from '../gifts/queries';
import { creatorOf, recentEarningsOf } from '../creators/queries/earnings';
import { identityOf } from '../creators/queries/identities';
import { liveHistoryOf } from '../live/queries';

const asPerson = (row: { username: string; name: string }) => ({ username: row.username, name: row.name || row.username });

/**
 * Everything Orbit keeps about `user` (GDPR access and portability). One
 * query per list: it runs rarely, and plain queries are easy to audit for
 * what they let out.
 */
export async function buildDataExport(db: OrbitDatabase, user: UserRow, now: Date): Promise<DataExport> {
  const photoRows = await listPhotoRows(db, user.id);

  const { decisions, matchRows, blocked, reports, purchaseRows, withdrawalRows, sessionRows } = await dataExportRows(db, user.id);
  const messageRows = await messagesOfMember(db, user.id);
  const coinRows = await allEntriesOf(db, user.id);
  const subscriptionRows = await subscriptionsOf(db, user.id);
  const giftRows = await giftsOfMember(db, user.id);
  const earningRows = await recentEarningsOf(db, user.id, null);
  const live = await liveHistoryOf(db, user.id);
  const creator = await creatorOf(db, user.id);
  const identity = creator ? await identityOf(db, user.id) : undefined;

  return {
    exportedAt: now.toISOString(),
    account: toUserView(user, now),
    photos: photoRows.map((row) => ({ url: largestPhotoUrl(row.id, row.widths), createdAt: row.createdAt.toISOString() })),
    location: user.latitude !== null && user.longitude !== null ? { latitude: user.latitude, longitude: user.longitude } : null,
    decisions: decisions.map((row) => ({ ...asPerson(row), type: row.type, at: row.at.toISOString() })),
    coins: coinRows.map((row) => ({ amount: row.amount, kind: row.kind, reference: row.reference, balanceAfter: row.balanceAfter, at: row.createdAt.toISOString() })),
    matches: matchRows.map((row) => ({ ...asPerson(row), matchedAt: row.matchedAt.toISOString() })),
    messages: messageRows.map((row) => ({ with: row.peerUsername, seq: row.seq, fromMe: row.fromMe, text: row.body, sentAt: row.sentAt.toISOString() })),
    blocked: blocked.map((row) => ({ ...asPerson(row), blockedAt: row.blockedAt.toISOString() })),
    reports: reports.map((row) => ({ ...asPerson(row), reason: row.reason, details: row.details, status: row.status, at: row.at.toISOString() })),
    purchases: purchaseRows.map((row) => ({
      receiptNumber: receiptNumber(row.id),
      kind: row.kind,
      item: row.item,
      coins: row.coins,
      amount: { amountMinor: row.amountMinor, currency: row.currency },
      refunded: row.refundedMinor > 0 ? { amountMinor: row.refundedMinor, currency: row.currency } : null,
      status: row.status,
      at: row.at.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    })),
    vipSubscriptions: subscriptionRows.map((row) => ({
      plan: row.planName,
      price: { amountMinor: row.amountMinor, currency: row.currency },
      billingMonths: row.billingMonths,
      status: row.status,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      currentPeriodEnd: row.currentPeriodEnd.toISOString(),
      startedAt: row.createdAt.toISOString(),
    })),
    withdrawals: withdrawalRows.map((row) => ({
      ...row,
      amount: { amountMinor: row.amountMinor, currency: row.currency },
      requestedAt: row.requestedAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    })),
    gifts: giftRows.map((row) => ({
      direction: row.senderId === user.id ? 'sent' : 'received',
      gift: row.giftName,
      coins: row.coins,
      with: row.peerUsername === null ? null : asPerson({ username: row.peerUsername, name: row.peerName ?? '' }),
      stream: row.streamTitle,
      at: row.createdAt.toISOString(),
    })),
    creatorEarnings: earningRows.map((row) => ({
      amount: { amountMinor: row.amountMinor, currency: row.currency },
      test: row.test,
      gift: row.giftName,
      earnedAt: row.createdAt.toISOString(),
      availableAt: row.availableAt.toISOString(),
    })),
    liveStreamsHosted: live.hosted.map((row) => ({ ...row, startedAt: row.startedAt.toISOString(), endedAt: row.endedAt?.toISOString() ?? null })),
    liveStreamsWatched: live.watched.map((row) => ({
      stream: row.title,
      host: asPerson({ username: row.hostUsername, name: row.hostName }),
      firstJoinedAt: row.firstJoinedAt.toISOString(),
    })),
    liveChat: live.chatLines.map((row) => ({
      stream: row.title,
      host: asPerson({ username: row.hostUsername, name: row.hostName }),
      text: row.body,
      at: row.createdAt.toISOString(),
      removedAt: row.removedAt?.toISOString() ?? null,
    })),
    creator: creator
      ? {
          enrolledAt: creator.enrolledAt.toISOString(),
          termsVersion: creator.termsVersion,
          identity: identity
            ? {
                legalName: identity.legalName,
                birthDate: identity.birthDate,
                address: identity.address,
                taxId: identity.taxId,
                submittedAt: identity.submittedAt.toISOString(),
                checkedAt: identity.checkedAt?.toISOString() ?? null,
              }
            : null,
        }
      : null,
    sessions: sessionRows.map((row) => ({
      userAgent: row.userAgent,
      startedAt: row.startedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      endedAt: row.endedAt?.toISOString() ?? null,
    })),
  };
}
