import type { InjectOptions } from 'fastify';
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { PHOTOS_MAX } from '../../../contract/photos/photos';
import { issueLinkToken } from '../../../server/auth/email-links';
import type { EmailLinkPurpose } from '../../../server/auth/queries/link-tokens';
import { streams } from '../../../server/db/schema';
import { newRegistration } from '../helpers/accounts';
import { TEST_ADMIN, TEST_JWT_SECRET } from '../helpers/test-app';
import { unsubscribeSecretFor, unsubscribeToken } from '../../../server/notifications/news-email';
import type { RouteKey } from './route-inventory';
import { authenticatorCode } from '../helpers/authenticator';
import { codeStepOfNewMember, enrolAuthenticator, enrolConfirmOfNewMember, enrolTicketOfNewMember } from './mfa-matrix';
import {
  asAdmin,
  createPost,
  insertMember,
  insertNoticeOfUserA,
  insertOpenReport,
  insertIdentityOfUserA,
  insertPendingWithdrawal,
  insertPhotoRow,
  insertSessionOfUserA,
  photoIdsKeeping,
  type Account,
  type Caller,
  type MatrixWorld,
} from './matrix-world';

export interface MatrixRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: InjectOptions['payload'];
  /** Besides the caller's Authorization: a binary body's Content-Type. */
  headers?: Record<string, string>;
}

export interface MatrixRow {
  /** The status each caller must get; a 2xx where a 4xx is listed means a missing guard. */
  expected: Record<Caller, number>;
  /** One caller's request; may create a target of its own so state-changing rows spoil nothing. */
  request: (world: MatrixWorld, caller: Caller, account: Account | null) => MatrixRequest | Promise<MatrixRequest>;
  /** The row changes the caller itself (logout, password): every caller is a fresh account. */
  freshCallers?: true;
  /** The caller's own saved coordinates are part of the answer (their data export), so A may see A's. */
  ownCoordinates?: true;
}

const everyone = (status: number): Record<Caller, number> => ({ anonymous: status, userA: status, userB: status, banned: status, admin: status });
/** requireAuth: any signed-in account that is not banned. */
const signedIn = (status = 200): Record<Caller, number> => ({ anonymous: 401, userA: status, userB: status, banned: 401, admin: status });
/** requireUser: admins get 403 so the SPA keeps them signed in. */
const usersOnly = (status = 200): Record<Caller, number> => ({ anonymous: 401, userA: status, userB: status, banned: 401, admin: 403 });
const adminsOnly = (status = 200): Record<Caller, number> => ({ anonymous: 401, userA: 403, userB: 403, banned: 401, admin: status });

const get = (url: string): MatrixRequest => ({ method: 'GET', url });

/** A live stream of a new member, stored directly (no media): a target for the stream rows. */
async function insertLiveStream(world: MatrixWorld): Promise<string> {
  const [row] = await world.db.insert(streams).values({ hostId: await insertMember(world.db), title: 'Matrix stream' }).returning({ id: streams.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}
/** A browser's push subscription as PushSubscription.toJSON() gives it, with an endpoint of its own. */
function matrixPushSubscription() {
  return {
    endpoint: `https://push.example.test/${randomUUID()}`,
    keys: { p256dh: `B${randomBytes(64).toString('base64url')}`, auth: randomBytes(16).toString('base64url') },
  };
}
/** The callers whose own records a row may set up (the admin's id is not known here, and the banned never get in). */
const isMember = (caller: Caller) => caller === 'userA' || caller === 'userB';
const uniqueName = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;

async function newGift(world: MatrixWorld): Promise<string> {
  const body = await asAdmin<{ gift: { _id: string } }>(world, { method: 'POST', url: '/api/admin/gifts', payload: { gift: { name: uniqueName('Gift'), icon: '🌹', price: 10 } } }, 201);
  return body.gift._id;
}
async function newCoinPack(world: MatrixWorld): Promise<string> {
  const payload = { coinPack: { name: uniqueName('Pack'), coins: 100, price: { amountMinor: 99, currency: 'USD' } } };
  return (await asAdmin<{ coinPack: { _id: string } }>(world, { method: 'POST', url: '/api/admin/coinpacks', payload }, 201)).coinPack._id;
}
/** A checkout of user A's of its own (for rows that confirm, cancel or pay it). */
async function checkoutOfUserA(world: MatrixWorld): Promise<{ purchaseId: string; sessionId: string }> {
  const [pack] = (await world.app.inject({ method: 'GET', url: '/api/store/coinpacks' })).json<{ coinPacks: Array<{ _id: string }> }>().coinPacks;
  const response = await world.app.inject({
    method: 'POST',
    url: '/api/store/checkout',
    headers: { authorization: `Bearer ${world.callers.userA.token}` },
    payload: { item: { kind: 'coinPack', id: pack?._id }, attemptId: randomUUID(), waiveWithdrawal: true },
  });
  if (response.statusCode !== 200) throw new Error(`checkout of user A failed: ${response.body}`);
  const body = response.json<{ purchase: { _id: string }; checkoutUrl: string }>();
  return { purchaseId: body.purchase._id, sessionId: body.checkoutUrl.replace('/test-checkout/', '') };
}

async function newVipPlan(world: MatrixWorld): Promise<string> {
  const payload = { vipPlan: { name: uniqueName('Plan'), duration: 30, price: { amountMinor: 999, currency: 'USD' } } };
  return (await asAdmin<{ vipPlan: { _id: string } }>(world, { method: 'POST', url: '/api/admin/vipplans', payload }, 201)).vipPlan._id;
}

/** A fresh member's email link (a reset or an address check), so every caller's try has a live one. */
async function emailLinkOfNewMember(world: MatrixWorld, purpose: EmailLinkPurpose): Promise<string> {
  const suffix = randomBytes(5).toString('hex');
  const email = `recovery_${suffix}@example.com`;
  const userId = await insertMember(world.db, { username: `recovery_${suffix}`, email });
  return issueLinkToken(world.db, { userId, email }, purpose, 60_000, new Date());
}

/** A small real JPEG, made once, for the upload row. */
let photoBytes: Promise<Buffer> | undefined;
const smallPhoto = () => (photoBytes ??= sharp({ create: { width: 200, height: 150, channels: 3, background: '#c84' } }).jpeg().toBuffer());

/** A photo of user C with its files, uploaded once, for the public photo row: any member's photo is public by its address. */
let photoOfC: Promise<string> | undefined;
function uploadedPhotoOfUserC(world: MatrixWorld): Promise<string> {
  photoOfC ??= (async () => {
    const response = await world.app.inject({
      method: 'POST',
      url: '/api/user/me/photos',
      headers: { authorization: `Bearer ${world.userC.token}`, 'content-type': 'image/jpeg' },
      payload: await smallPhoto(),
    });
    if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
    return response.json<{ photos: Array<{ id: string }> }>().photos[0]?.id ?? '';
  })();
  return photoOfC;
}

/**
 * Issue 8 point 1: every route of the OpenAPI document, keyed 'METHOD /api/path',
 * with what each caller must get. Requests point at user A's data (A's id, A's
 * withdrawal) or at admin content, so a 2xx for the wrong caller shows.
 */
export const AUTHORIZATION_TABLE: Record<RouteKey, MatrixRow> = {
  // --- Auth: open to everyone, tokens are ignored ------------------------------
  'POST /api/auth/register': { expected: everyone(201), request: () => ({ method: 'POST', url: '/api/auth/register', payload: newRegistration() }) },
  'POST /api/auth/login': {
    expected: everyone(200),
    request: (world) => ({ method: 'POST', url: '/api/auth/login', payload: { username: world.signInProbe.username, password: world.signInProbe.password } }),
  },
  'POST /api/admin/login': {
    expected: everyone(200),
    request: () => ({ method: 'POST', url: '/api/admin/login', payload: { ...TEST_ADMIN } }),
  },
  'POST /api/auth/logout': { expected: signedIn(200), freshCallers: true, request: () => ({ method: 'POST', url: '/api/auth/logout' }) },
  'POST /api/auth/logout/others': { expected: signedIn(200), freshCallers: true, request: () => ({ method: 'POST', url: '/api/auth/logout/others' }) },
  'POST /api/auth/password': {
    expected: signedIn(200),
    freshCallers: true,
    request: (_world, _caller, account) => ({
      method: 'POST',
      url: '/api/auth/password',
      payload: { currentPassword: account?.password ?? 'not-signed-in-at-all', newPassword: 'matrix-changed-password-2026' },
    }),
  },
  'DELETE /api/auth/account': {
    expected: usersOnly(200),
    freshCallers: true,
    request: (_world, _caller, account) => ({ method: 'DELETE', url: '/api/auth/account', payload: { password: account?.password ?? 'not-signed-in-at-all' } }),
  },
  // Account recovery: open to everyone (the link is the credential); resending a verification link is the member's own.
  'POST /api/auth/forgot-password': { expected: everyone(200), request: () => ({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'matrix-recovery@example.com' } }) },
  'POST /api/auth/reset-password/link': {
    expected: everyone(200),
    request: async (world) => ({ method: 'POST', url: '/api/auth/reset-password/link', payload: { token: await emailLinkOfNewMember(world, 'password_reset') } }),
  },
  'POST /api/auth/reset-password': {
    expected: everyone(200),
    request: async (world) => ({ method: 'POST', url: '/api/auth/reset-password', payload: { token: await emailLinkOfNewMember(world, 'password_reset'), password: 'matrix-reset-password-2026' } }),
  },
  'POST /api/auth/verify-email': {
    expected: everyone(200),
    request: async (world) => ({ method: 'POST', url: '/api/auth/verify-email', payload: { token: await emailLinkOfNewMember(world, 'email_verification') } }),
  },
  // Issue 50, finding 9: asking for a sign-in link and opening one are open to everyone (the emailed link is the credential).
  'POST /api/auth/sign-in-link': { expected: everyone(200), request: () => ({ method: 'POST', url: '/api/auth/sign-in-link', payload: { username: 'matrix_nobody' } }) },
  'POST /api/auth/sign-in-link/open': {
    expected: everyone(200),
    request: async (world) => ({ method: 'POST', url: '/api/auth/sign-in-link/open', payload: { token: await emailLinkOfNewMember(world, 'sign_in') } }),
  },
  'POST /api/auth/verify-email/resend': { expected: usersOnly(200), request: () => ({ method: 'POST', url: '/api/auth/verify-email/resend' }) },

  'GET /api/auth/sessions': { expected: signedIn(), request: () => get('/api/auth/sessions') },
  // A's second phone: A may end it; B and the admin get the 404 an unknown session gets.
  'DELETE /api/auth/sessions/{id}': {
    expected: { anonymous: 401, userA: 200, userB: 404, banned: 401, admin: 404 },
    request: async (world) => ({ method: 'DELETE', url: `/api/auth/sessions/${await insertSessionOfUserA(world)}` }),
  },

  // --- Two-step verification (issue 37 finding 4): test/server/hardening/mfa-matrix.ts ------
  // The ticket is the credential here, whoever else calls: each request brings a fresh account's.
  'POST /api/auth/login/code': {
    expected: everyone(200),
    request: async (world) => ({ method: 'POST', url: '/api/auth/login/code', payload: await codeStepOfNewMember(world) }),
  },
  'POST /api/auth/login/enrol': {
    expected: everyone(200),
    request: async (world) => ({ method: 'POST', url: '/api/auth/login/enrol', payload: { ticket: (await enrolTicketOfNewMember(world)).ticket } }),
  },
  'POST /api/auth/login/enrol/confirm': {
    expected: everyone(200),
    request: async (world) => ({ method: 'POST', url: '/api/auth/login/enrol/confirm', payload: await enrolConfirmOfNewMember(world) }),
  },
  'GET /api/auth/mfa': { expected: signedIn(), request: () => get('/api/auth/mfa') },
  'POST /api/auth/mfa/setup': {
    expected: signedIn(),
    freshCallers: true,
    request: (_world, _caller, account) => ({ method: 'POST', url: '/api/auth/mfa/setup', payload: { password: account?.password ?? 'not-signed-in-at-all' } }),
  },
  'POST /api/auth/mfa/confirm': {
    expected: signedIn(),
    freshCallers: true,
    request: async (world, _caller, account) => {
      const setup = account
        ? await world.app.inject({ method: 'POST', url: '/api/auth/mfa/setup', headers: { authorization: `Bearer ${account.token}` }, payload: { password: account.password } })
        : null;
      const secret = setup?.statusCode === 200 ? setup.json<{ secret: string }>().secret : null;
      return { method: 'POST', url: '/api/auth/mfa/confirm', payload: { code: secret ? authenticatorCode(secret) : '123456' } };
    },
  },
  'POST /api/auth/mfa/recovery-codes': {
    expected: signedIn(),
    freshCallers: true,
    request: async (world, _caller, account) => {
      const secret = account ? await enrolAuthenticator(world, account) : null;
      return { method: 'POST', url: '/api/auth/mfa/recovery-codes', payload: { code: secret ? authenticatorCode(secret) : '123456' } };
    },
  },
  'POST /api/auth/mfa/disable': {
    expected: signedIn(),
    freshCallers: true,
    request: async (world, _caller, account) => {
      const secret = account ? await enrolAuthenticator(world, account) : null;
      const payload = { password: account?.password ?? 'not-signed-in-at-all', code: secret ? authenticatorCode(secret) : '123456' };
      return { method: 'POST', url: '/api/auth/mfa/disable', payload };
    },
  },

  // --- The signed-in account ------------------------------------------------------
  'GET /api/user/me': { expected: signedIn(), request: () => get('/api/user/me') },
  'GET /api/user/me/export': { expected: signedIn(), request: () => get('/api/user/me/export'), ownCoordinates: true },
  'PATCH /api/user/me': { expected: usersOnly(), request: () => ({ method: 'PATCH', url: '/api/user/me', payload: { bio: 'Written by the matrix' } }) },
  'GET /api/user/{id}': { expected: signedIn(), request: (world) => get(`/api/user/${world.callers.userA.id}`) },

  // --- Discovery and likes -----------------------------------------------------------
  'GET /api/users/radar': { expected: signedIn(), request: () => get('/api/users/radar?radiusKm=100&limit=50') },
  'GET /api/users/spin': { expected: usersOnly(), request: () => get('/api/users/spin?limit=50') },
  'GET /api/users': { expected: signedIn(), request: () => get('/api/users?limit=50') },
  'POST /api/users/like': {
    // A liking A is refused as liking oneself; B liking A again only repeats B's decision.
    expected: { anonymous: 401, userA: 400, userB: 200, banned: 401, admin: 403 },
    request: (world) => ({ method: 'POST', url: '/api/users/like', payload: { targetId: world.callers.userA.id } }),
  },
  'GET /api/users/likes-you': { expected: usersOnly(), request: () => get('/api/users/likes-you') },
  'GET /api/boost': { expected: usersOnly(), request: () => get('/api/boost') },
  // Neither member is VIP: reaching the service is 403 "The daily Boost is a VIP feature" for both.
  'POST /api/boost': { expected: usersOnly(403), request: () => ({ method: 'POST', url: '/api/boost', payload: { attemptId: randomUUID() } }) },
  'GET /api/matches': { expected: usersOnly(), request: () => get('/api/matches') },
  // --- Messaging: only the two members of a live match; a stranger's conversation reads as not found --------
  'GET /api/conversations': { expected: usersOnly(), request: () => get('/api/conversations') },
  'GET /api/conversations/{userId}/messages': {
    expected: usersOnly(404),
    request: async (world) => get(`/api/conversations/${await insertMember(world.db)}/messages`),
  },
  'POST /api/conversations/{userId}/messages': {
    expected: usersOnly(404),
    request: async (world) => ({
      method: 'POST',
      url: `/api/conversations/${await insertMember(world.db)}/messages`,
      payload: { id: randomUUID(), text: 'hello' },
    }),
  },
  'DELETE /api/matches/{userId}': { expected: usersOnly(404), request: async (world) => ({ method: 'DELETE', url: `/api/matches/${await insertMember(world.db)}` }) },
  // --- Video calls: members only; whether one may call is answered about anyone visible (the calls themselves go over the socket) ---
  'GET /api/calls/peers/{userId}': { expected: usersOnly(), request: async (world) => get(`/api/calls/peers/${await insertMember(world.db)}`) },
  'GET /api/calls/ice-servers': { expected: usersOnly(), request: () => get('/api/calls/ice-servers') },
  // --- Live streams: anyone sees who is live; going live, the chat and a stream's own controls are members', the last its host's ---
  'GET /api/live/streams': { expected: everyone(200), request: () => get('/api/live/streams') },
  'GET /api/live/streams/{streamId}': { expected: everyone(200), request: async (world) => get(`/api/live/streams/${await insertLiveStream(world)}`) },
  'GET /api/live/streams/{streamId}/gifts': { expected: usersOnly(), request: async (world) => get(`/api/live/streams/${await insertLiveStream(world)}/gifts`) },
  'GET /api/creators/me': { expected: usersOnly(), request: () => get('/api/creators/me') },
  'POST /api/creators/me': { expected: usersOnly(), request: () => ({ method: 'POST', url: '/api/creators/me', payload: { acceptTerms: true } }) },
  'PUT /api/creators/me/identity': {
    freshCallers: true,
    expected: { anonymous: 401, userA: 403, userB: 403, banned: 401, admin: 403 },
    request: () => ({ method: 'PUT', url: '/api/creators/me/identity', payload: { legalName: 'Matrix Person', birthDate: '1990-01-01', address: '1 Matrix Road', taxId: 'MX1234' } }),
  },
  // Members who are not creators (fresh ones: the row above enrols A and B) and admins are refused; creators' own requests are in creators/withdrawals.test.ts.
  'POST /api/creators/me/withdrawals': {
    freshCallers: true,
    expected: { anonymous: 401, userA: 403, userB: 403, banned: 401, admin: 403 },
    request: () => ({
      method: 'POST',
      url: '/api/creators/me/withdrawals',
      payload: { requestId: randomUUID(), amountMinor: 2000, currency: 'USD', test: false, method: 'paypal', account: 'matrix@example.com' },
    }),
  },
  'GET /api/gifts': { expected: usersOnly(), request: () => get('/api/gifts') },
  'GET /api/live/streams/{streamId}/chat': { expected: usersOnly(), request: async (world) => get(`/api/live/streams/${await insertLiveStream(world)}/chat`) },
  // An offer that is no session description: past the guard the answer is 400, and no media is set up.
  'POST /api/live/streams': { expected: usersOnly(400), request: () => ({ method: 'POST', url: '/api/live/streams', payload: { title: 'Matrix live', offer: 'not a description' } }) },
  'POST /api/live/streams/{streamId}/publish': {
    expected: usersOnly(403),
    request: async (world) => ({ method: 'POST', url: `/api/live/streams/${await insertLiveStream(world)}/publish`, payload: { offer: 'not a description' } }),
  },
  'POST /api/live/streams/{streamId}/end': {
    expected: usersOnly(403),
    request: async (world) => ({ method: 'POST', url: `/api/live/streams/${await insertLiveStream(world)}/end` }),
  },
  // Cities, not people: anyone signed in may look one up.
  'GET /api/places': { expected: signedIn(), request: () => get('/api/places?q=mum') },

  // --- Safety: blocks and reports aim at a new member each time, so A and B keep seeing each other ------
  'GET /api/users/blocked': { expected: usersOnly(), request: () => get('/api/users/blocked') },
  'POST /api/users/{id}/block': { expected: usersOnly(), request: async (world) => ({ method: 'POST', url: `/api/users/${await insertMember(world.db)}/block` }) },
  'DELETE /api/users/{id}/block': { expected: usersOnly(), request: async (world) => ({ method: 'DELETE', url: `/api/users/${await insertMember(world.db)}/block` }) },
  'POST /api/users/{id}/report': {
    expected: usersOnly(201),
    request: async (world) => ({ method: 'POST', url: `/api/users/${await insertMember(world.db)}/report`, payload: { reason: 'other', details: 'Matrix' } }),
  },

  // --- Photos and notices: A's photo or notice, each caller its own fresh one ------------------
  'GET /api/user/me/photos': { expected: usersOnly(), request: () => get('/api/user/me/photos') },
  'POST /api/user/me/photos': {
    expected: usersOnly(201),
    request: async (world, caller, account) => {
      // Rows below plant photos for every caller; room is made so the upload is judged on who sends it, not on a full gallery.
      if (account && isMember(caller)) await photoIdsKeeping(world.db, account.id, PHOTOS_MAX - 1);
      return { method: 'POST', url: '/api/user/me/photos', payload: await smallPhoto(), headers: { 'content-type': 'image/jpeg' } };
    },
  },
  'PUT /api/user/me/photos/order': {
    expected: usersOnly(),
    request: async (world, caller, account) => {
      // Each member sends their own photos, newest first; everyone else, an order that would need a signed-in member.
      const member = account && isMember(caller) ? account : null;
      if (member && (await photoIdsKeeping(world.db, member.id, PHOTOS_MAX)).length === 0) await insertPhotoRow(world.db, member.id);
      const order = member ? (await photoIdsKeeping(world.db, member.id, PHOTOS_MAX)).reverse() : [world.callers.userA.id];
      return { method: 'PUT', url: '/api/user/me/photos/order', payload: { order } };
    },
  },
  // A may delete A's photo; B gets the 404 an unknown photo gets.
  'DELETE /api/user/me/photos/{photoId}': {
    expected: { anonymous: 401, userA: 200, userB: 404, banned: 401, admin: 403 },
    request: async (world) => ({ method: 'DELETE', url: `/api/user/me/photos/${await insertPhotoRow(world.db, world.callers.userA.id)}` }),
  },
  // Public: an <img> sends no token.
  'GET /api/photos/{photoId}/{file}': { expected: everyone(200), request: async (world) => get(`/api/photos/${await uploadedPhotoOfUserC(world)}/320.webp`) },
  'GET /api/user/me/notices': { expected: usersOnly(), request: () => get('/api/user/me/notices') },
  'POST /api/user/me/notices/{id}/seen': {
    expected: { anonymous: 401, userA: 200, userB: 404, banned: 401, admin: 403 },
    request: async (world) => ({ method: 'POST', url: `/api/user/me/notices/${await insertNoticeOfUserA(world)}/seen` }),
  },

  // --- Notifications: each caller's own browser subscription and switches; the news email's unsubscribe needs no sign-in ---
  'GET /api/notifications/push-key': { expected: usersOnly(), request: () => get('/api/notifications/push-key') },
  'PUT /api/notifications/push-subscription': {
    expected: usersOnly(200),
    request: () => ({ method: 'PUT', url: '/api/notifications/push-subscription', payload: matrixPushSubscription() }),
  },
  'DELETE /api/notifications/push-subscription': {
    expected: usersOnly(200),
    request: () => ({ method: 'DELETE', url: '/api/notifications/push-subscription', payload: { endpoint: matrixPushSubscription().endpoint } }),
  },
  'GET /api/notifications/settings': { expected: usersOnly(), request: () => get('/api/notifications/settings') },
  'PATCH /api/notifications/settings': { expected: usersOnly(), request: () => ({ method: 'PATCH', url: '/api/notifications/settings', payload: { live: false } }) },
  'POST /api/notifications/email-unsubscribe': {
    // A's own link works for whoever holds it, signed in or not: that is what one click without signing in means.
    expected: everyone(200),
    request: (world) => ({
      method: 'POST',
      url: `/api/notifications/email-unsubscribe?token=${encodeURIComponent(unsubscribeToken(unsubscribeSecretFor(TEST_JWT_SECRET), world.callers.userA.id))}`,
    }),
  },

  // --- Public content ------------------------------------------------------------------
  'GET /api/config/public': { expected: everyone(200), request: () => get('/api/config/public') },
  'GET /api/media/avatar/{seed}': { expected: everyone(200), request: () => get('/api/media/avatar/matrix') },
  'GET /api/media/cover/{seed}': { expected: everyone(200), request: () => get('/api/media/cover/matrix?title=Matrix') },
  'GET /api/blog': { expected: everyone(200), request: () => get('/api/blog') },
  'GET /api/blog/categories': { expected: everyone(200), request: () => get('/api/blog/categories') },
  'GET /api/blog/{id}': { expected: everyone(200), request: (world) => get(`/api/blog/${world.publishedPostId}`) },
  'POST /api/newsletter': { expected: everyone(200), request: () => ({ method: 'POST', url: '/api/newsletter', payload: { email: 'matrix@example.com' } }) },
  'GET /api/store/coinpacks': { expected: everyone(200), request: () => get('/api/store/coinpacks') },
  'GET /api/coins/history': { expected: usersOnly(), request: () => get('/api/coins/history') },
  'GET /api/coins/prices': { expected: usersOnly(), request: () => get('/api/coins/prices') },
  // A holds the world's planted coins and can pay; B holds none: reaching the ledger is 409 "Not enough coins".
  'POST /api/coins/spend': { expected: { anonymous: 401, userA: 200, userB: 409, banned: 401, admin: 403 }, request: () => ({ method: 'POST', url: '/api/coins/spend', payload: { item: 'extraLikes', attemptId: randomUUID() } }) },
  'GET /api/store/vipplans': { expected: everyone(200), request: () => get('/api/store/vipplans') },
  'GET /api/store/payments': { expected: everyone(200), request: () => get('/api/store/payments') },
  'POST /api/store/checkout': {
    expected: usersOnly(),
    request: async (world) => {
      const [pack] = (await world.app.inject({ method: 'GET', url: '/api/store/coinpacks' })).json<{ coinPacks: Array<{ _id: string }> }>().coinPacks;
      return { method: 'POST', url: '/api/store/checkout', payload: { item: { kind: 'coinPack', id: pack?._id }, attemptId: randomUUID(), waiveWithdrawal: true } };
    },
  },
  'GET /api/store/purchases': { expected: usersOnly(), request: () => get('/api/store/purchases') },
  // User A's purchase and checkout: another member is told they do not exist.
  'POST /api/store/purchases/{id}/confirm': {
    expected: { anonymous: 401, userA: 200, userB: 404, banned: 401, admin: 403 },
    request: async (world) => ({ method: 'POST', url: `/api/store/purchases/${(await checkoutOfUserA(world)).purchaseId}/confirm` }),
  },
  'POST /api/store/purchases/{id}/cancel': {
    expected: { anonymous: 401, userA: 200, userB: 404, banned: 401, admin: 403 },
    request: async (world) => ({ method: 'POST', url: `/api/store/purchases/${(await checkoutOfUserA(world)).purchaseId}/cancel` }),
  },
  // Not yet paid, so the owner is told it cannot be refunded (409); the refund itself: test/server/store/coin-refund.test.ts.
  'POST /api/store/purchases/{id}/refund': {
    expected: { anonymous: 401, userA: 409, userB: 404, banned: 401, admin: 403 },
    request: async (world) => ({ method: 'POST', url: `/api/store/purchases/${(await checkoutOfUserA(world)).purchaseId}/refund` }),
  },
  // User A's checkout is not paid: its owner is told so (409), anyone else that it does not exist.
  'POST /api/store/test-payments/{paymentId}/dispute': {
    expected: { anonymous: 401, userA: 409, userB: 404, banned: 401, admin: 403 },
    request: async (world) => ({ method: 'POST', url: `/api/store/test-payments/tpi_${(await checkoutOfUserA(world)).sessionId.slice(4)}/dispute`, payload: { status: 'open' } }),
  },
  'GET /api/store/test-checkout/{sessionId}': {
    expected: { anonymous: 401, userA: 200, userB: 404, banned: 401, admin: 403 },
    request: async (world) => get(`/api/store/test-checkout/${(await checkoutOfUserA(world)).sessionId}`),
  },
  'POST /api/store/test-checkout/{sessionId}/actions': {
    expected: { anonymous: 401, userA: 200, userB: 404, banned: 401, admin: 403 },
    request: async (world) => ({ method: 'POST', url: `/api/store/test-checkout/${(await checkoutOfUserA(world)).sessionId}/actions`, payload: { action: 'decline' } }),
  },
  'POST /api/store/test-checkout/{sessionId}/settle': {
    // Settling needs a bank transfer waiting; A's answer proves A reached the session (409: nothing to settle).
    expected: { anonymous: 401, userA: 409, userB: 404, banned: 401, admin: 403 },
    request: async (world) => ({ method: 'POST', url: `/api/store/test-checkout/${(await checkoutOfUserA(world)).sessionId}/settle`, payload: { outcome: 'succeed' } }),
  },
  // No caller of the matrix subscribes (VIP would change other rows' answers): a member reaches the route and is told there is none.
  'GET /api/admin/reconciliation': { expected: adminsOnly(), request: () => get('/api/admin/reconciliation') },
  'GET /api/store/subscription': { expected: usersOnly(), request: () => get('/api/store/subscription') },
  'POST /api/store/subscription/cancel': { expected: { anonymous: 401, userA: 404, userB: 404, banned: 401, admin: 403 }, request: () => ({ method: 'POST', url: '/api/store/subscription/cancel' }) },
  'POST /api/store/subscription/resume': { expected: { anonymous: 401, userA: 404, userB: 404, banned: 401, admin: 403 }, request: () => ({ method: 'POST', url: '/api/store/subscription/resume' }) },
  'POST /api/store/subscription/withdraw': { expected: { anonymous: 401, userA: 404, userB: 404, banned: 401, admin: 403 }, request: () => ({ method: 'POST', url: '/api/store/subscription/withdraw' }) },
  'POST /api/store/subscription/plan': {
    expected: { anonymous: 401, userA: 404, userB: 404, banned: 401, admin: 403 },
    request: () => ({ method: 'POST', url: '/api/store/subscription/plan', payload: { planId: randomUUID() } }),
  },
  // Another member's (or no) test subscription is not found; the owner's renewal is proven in test/server/store/subscriptions.test.ts.
  'POST /api/store/test-subscriptions/{subscriptionId}/renewal': {
    expected: { anonymous: 401, userA: 404, userB: 404, banned: 401, admin: 403 },
    request: () => ({ method: 'POST', url: '/api/store/test-subscriptions/tsub_matrixmatrixmatrix00/renewal', payload: { outcome: 'paid' } }),
  },
  'POST /api/store/test-subscriptions/{subscriptionId}/end': {
    expected: { anonymous: 401, userA: 404, userB: 404, banned: 401, admin: 403 },
    request: () => ({ method: 'POST', url: '/api/store/test-subscriptions/tsub_matrixmatrixmatrix00/end' }),
  },
  // Only the provider's signature counts here, whoever sends the request.
  'POST /api/store/webhooks/local': {
    expected: everyone(400),
    request: () => ({ method: 'POST', url: '/api/store/webhooks/local', payload: { id: 'evt_matrix', type: 'checkout.session.completed', data: { object: { id: 'tcs_matrix' } } } }),
  },

  // --- Admin: settings and blog ---------------------------------------------------------
  'GET /api/config/app': { expected: adminsOnly(), request: () => get('/api/config/app') },
  'POST /api/config/app': {
    expected: adminsOnly(),
    request: () => ({ method: 'POST', url: '/api/config/app', payload: { configs: { featuresTitle: { value: 'Matrix features', type: 'string' } } } }),
  },
  'GET /api/blog/admin/all': { expected: adminsOnly(), request: () => get('/api/blog/admin/all') },
  'POST /api/blog/admin': { expected: adminsOnly(201), request: () => ({ method: 'POST', url: '/api/blog/admin', payload: { title: uniqueName('Matrix'), published: false } }) },
  'PUT /api/blog/admin/{id}': {
    expected: adminsOnly(),
    request: (world) => ({ method: 'PUT', url: `/api/blog/admin/${world.publishedPostId}`, payload: { title: 'Matrix published post', published: true } }),
  },
  'DELETE /api/blog/admin/{id}': { expected: adminsOnly(), request: async (world) => ({ method: 'DELETE', url: `/api/blog/admin/${await createPost(world, uniqueName('Doomed'))}` }) },

  // --- Admin: dashboard and users -----------------------------------------------------
  'GET /api/admin/stats': { expected: adminsOnly(), request: () => get('/api/admin/stats') },
  'GET /api/admin/activity': { expected: adminsOnly(), request: () => get('/api/admin/activity?limit=100') },
  'GET /api/admin/users': { expected: adminsOnly(), request: () => get('/api/admin/users?limit=100') },
  'GET /api/admin/streams': { expected: adminsOnly(), request: () => get('/api/admin/streams?state=all') },
  'POST /api/admin/streams/{streamId}/end': {
    expected: adminsOnly(),
    request: async (world) => ({ method: 'POST', url: `/api/admin/streams/${await insertLiveStream(world)}/end` }),
  },
  'GET /api/admin/user/{id}': { expected: adminsOnly(), request: (world) => get(`/api/admin/user/${world.callers.userA.id}`) },
  'POST /api/admin/user/{id}/ban': {
    expected: adminsOnly(),
    request: async (world) => ({ method: 'POST', url: `/api/admin/user/${await insertMember(world.db)}/ban`, payload: { reason: 'Matrix' } }),
  },
  'POST /api/admin/user/{id}/unban': {
    expected: adminsOnly(),
    request: async (world) => ({ method: 'POST', url: `/api/admin/user/${await insertMember(world.db, { isBanned: true, banReason: 'Matrix', bannedAt: new Date() })}/unban` }),
  },
  'POST /api/admin/user/{id}/make-vip': {
    expected: adminsOnly(),
    request: async (world) => ({ method: 'POST', url: `/api/admin/user/${await insertMember(world.db)}/make-vip`, payload: { days: 7 } }),
  },
  'POST /api/admin/user/{id}/remove-vip': {
    expected: adminsOnly(),
    request: async (world) => {
      const id = await insertMember(world.db, { isVip: true, vipTier: 'Gold', vipUntil: new Date(Date.now() + 86_400_000) });
      return { method: 'POST', url: `/api/admin/user/${id}/remove-vip` };
    },
  },

  'GET /api/admin/user/{id}/coins': { expected: adminsOnly(), request: (world) => get(`/api/admin/user/${world.callers.userA.id}/coins`) },
  'POST /api/admin/user/{id}/coins': {
    expected: adminsOnly(),
    request: async (world) => ({ method: 'POST', url: `/api/admin/user/${await insertMember(world.db)}/coins`, payload: { amount: 5, reason: 'Matrix', requestId: randomUUID() } }),
  },

  'GET /api/admin/users/{id}/photos': { expected: adminsOnly(), request: (world) => get(`/api/admin/users/${world.callers.userA.id}/photos`) },
  'POST /api/admin/users/{id}/photos/{photoId}/remove': {
    expected: adminsOnly(),
    request: async (world) => {
      const photoId = await insertPhotoRow(world.db, world.callers.userA.id);
      return { method: 'POST', url: `/api/admin/users/${world.callers.userA.id}/photos/${photoId}/remove` };
    },
  },

  'GET /api/admin/reports': { expected: adminsOnly(), request: () => get('/api/admin/reports?status=open&limit=100') },
  'POST /api/admin/reports/{id}/resolve': {
    expected: adminsOnly(),
    request: async (world) => ({ method: 'POST', url: `/api/admin/reports/${await insertOpenReport(world)}/resolve` }),
  },

  // --- Admin: withdrawals (user A's) and the catalogue ---------------------------------
  'GET /api/admin/withdrawals/all': { expected: adminsOnly(), request: () => get('/api/admin/withdrawals/all') },
  'POST /api/admin/withdrawals/approve/{id}': {
    expected: adminsOnly(),
    request: async (world) => ({ method: 'POST', url: `/api/admin/withdrawals/approve/${await insertPendingWithdrawal(world)}`, payload: { txnId: 'TXN-MATRIX' } }),
  },
  'POST /api/admin/withdrawals/reject/{id}': {
    expected: adminsOnly(),
    request: async (world) => ({ method: 'POST', url: `/api/admin/withdrawals/reject/${await insertPendingWithdrawal(world)}`, payload: { reason: 'Matrix' } }),
  },
  'POST /api/admin/creators/{id}/identity-check': {
    expected: adminsOnly(),
    request: async (world) => ({ method: 'POST', url: `/api/admin/creators/${await insertIdentityOfUserA(world)}/identity-check`, payload: { sanctionsScreened: true } }),
  },
  'POST /api/admin/withdrawals/returned/{id}': {
    expected: adminsOnly(),
    request: async (world) => ({ method: 'POST', url: `/api/admin/withdrawals/returned/${await insertPendingWithdrawal(world, 'approved')}`, payload: { reason: 'Matrix' } }),
  },
  'GET /api/admin/gifts': { expected: adminsOnly(), request: () => get('/api/admin/gifts') },
  'POST /api/admin/gifts': {
    expected: adminsOnly(201),
    request: () => ({ method: 'POST', url: '/api/admin/gifts', payload: { gift: { name: uniqueName('Gift'), icon: '🎁', price: 5 } } }),
  },
  'DELETE /api/admin/gifts/{id}': { expected: adminsOnly(), request: async (world) => ({ method: 'DELETE', url: `/api/admin/gifts/${await newGift(world)}` }) },
  'GET /api/admin/coinpacks': { expected: adminsOnly(), request: () => get('/api/admin/coinpacks') },
  'POST /api/admin/coinpacks': {
    expected: adminsOnly(201),
    request: () => ({ method: 'POST', url: '/api/admin/coinpacks', payload: { coinPack: { name: uniqueName('Pack'), coins: 50, price: { amountMinor: 49, currency: 'USD' } } } }),
  },
  'DELETE /api/admin/coinpacks/{id}': { expected: adminsOnly(), request: async (world) => ({ method: 'DELETE', url: `/api/admin/coinpacks/${await newCoinPack(world)}` }) },
  'GET /api/admin/vipplans': { expected: adminsOnly(), request: () => get('/api/admin/vipplans') },
  'POST /api/admin/vipplans': {
    expected: adminsOnly(201),
    request: () => ({ method: 'POST', url: '/api/admin/vipplans', payload: { vipPlan: { name: uniqueName('Plan'), duration: 7, price: { amountMinor: 299, currency: 'USD' } } } }),
  },
  'DELETE /api/admin/vipplans/{id}': { expected: adminsOnly(), request: async (world) => ({ method: 'DELETE', url: `/api/admin/vipplans/${await newVipPlan(world)}` }) },
};

/**
 * The rows that change two-step verification asked again, without the
 * current password (issue 50, finding 2): a wrong one is 400 for every
 * signed-in caller, so a stolen session alone changes nothing. (Email
 * addresses cannot be changed at all: `PATCH /api/user/me` refuses the field.)
 */
export const WITHOUT_CURRENT_PASSWORD: Record<string, MatrixRow> = {
  'POST /api/auth/mfa/setup': {
    expected: signedIn(400),
    freshCallers: true,
    request: () => ({ method: 'POST', url: '/api/auth/mfa/setup', payload: { password: 'not-the-password-1' } }),
  },
  'POST /api/auth/mfa/disable': {
    expected: signedIn(400),
    freshCallers: true,
    request: async (world, _caller, account) => {
      const secret = account ? await enrolAuthenticator(world, account) : null;
      return { method: 'POST', url: '/api/auth/mfa/disable', payload: { password: 'not-the-password-1', code: secret ? authenticatorCode(secret) : '123456' } };
    },
  },
  'POST /api/auth/password': {
    expected: signedIn(400),
    freshCallers: true,
    request: () => ({ method: 'POST', url: '/api/auth/password', payload: { currentPassword: 'not-the-password-1', newPassword: 'A brand new passphrase 42' } }),
  },
};
