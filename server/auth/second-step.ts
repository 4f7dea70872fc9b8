import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { roleSchema } from '../../contract/common';
import { ENROL_REQUIRED_MESSAGE, MFA_ALREADY_ON, MFA_TICKET_INVALID, SECOND_STEP_MESSAGE, SECOND_STEP_TICKET_TTL_SECONDS } from '../../contract/auth/mfa';
import type { UserRow } from '../db/schema';
import { bannedMessage } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import { findAccountById, recordSignIn } from './queries/accounts';
import { spendTicket, unspendTicket } from './queries/second-step-tickets';
import { startSession, type SessionStarter } from './session-token';
import { isTotpEnabled } from './totp';

export interface SecondStepOptions {
  jwtSecret: string;
  /** Production: an admin without an authenticator must enrol one before anything else. */
  adminTotpRequired: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    secondStep: { adminTotpRequired: boolean; ticketKey: Buffer };
  }
}

/**
 * The ticket is signed with its own key, derived from the JWT secret, and is
 * not even shaped like a JWT (two parts, not three): the session check can
 * never take one for a session token, whatever its claims say.
 */
function ticketKeyFrom(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('orbit second-step ticket v1').digest();
}

const secondStepPlugin: FastifyPluginCallback<SecondStepOptions> = (app, options, done) => {
  app.decorate('secondStep', { adminTotpRequired: options.adminTotpRequired, ticketKey: ticketKeyFrom(options.jwtSecret) });
  done();
};

export default fp(secondStepPlugin, { name: 'orbit-second-step', fastify: '5.x' });

export type SecondStepPurpose = 'code' | 'enrol';

const ticketClaimsSchema = z.strictObject({
  purpose: z.enum(['code', 'enrol']),
  sub: z.uuid(),
  role: roleSchema,
  /** users.token_version at the password step: a password change or ban in between voids the ticket. */
  ver: z.number().int().nonnegative(),
  remember: z.boolean(),
  /** The ticket's own id: spent once a session is opened with it (spendTicket). */
  jti: z.uuid(),
  /** Seconds since the epoch. */
  exp: z.number().int(),
});
type TicketClaims = z.infer<typeof ticketClaimsSchema>;

function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export function issueTicket(app: Pick<FastifyInstance, 'secondStep'>, user: Pick<UserRow, 'id' | 'role' | 'tokenVersion'>, purpose: SecondStepPurpose, remember: boolean, now: Date): string {
  const claims: TicketClaims = {
    purpose,
    sub: user.id,
    role: user.role,
    ver: user.tokenVersion,
    remember,
    jti: randomUUID(),
    exp: Math.floor(now.getTime() / 1000) + SECOND_STEP_TICKET_TTL_SECONDS,
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(app.secondStep.ticketKey, payload)}`;
}

function readTicket(app: Pick<FastifyInstance, 'secondStep'>, ticket: string, now: Date): TicketClaims {
  const [payload, signature, ...rest] = ticket.split('.');
  if (!payload || !signature || rest.length > 0) throw new HttpError(401, MFA_TICKET_INVALID);
  const expected = Buffer.from(sign(app.secondStep.ticketKey, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new HttpError(401, MFA_TICKET_INVALID);
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new HttpError(401, MFA_TICKET_INVALID);
  }
  const claims = ticketClaimsSchema.safeParse(decoded);
  if (!claims.success || claims.data.exp * 1000 <= now.getTime()) throw new HttpError(401, MFA_TICKET_INVALID);
  return claims.data;
}

export interface TicketHolder {
  user: UserRow;
  remember: boolean;
  /** The ticket itself, to spend it once it opens a session. */
  ticket: { id: string; expiresAt: Date };
}

/** The account a ticket of this purpose stands for, as it is now; throws when the ticket no longer holds. */
export async function ticketHolder(app: Pick<FastifyInstance, 'secondStep' | 'db'>, ticket: string, purpose: SecondStepPurpose, now: Date): Promise<TicketHolder> {
  const claims = readTicket(app, ticket, now);
  if (claims.purpose !== purpose) throw new HttpError(401, MFA_TICKET_INVALID);
  const user = await findAccountById(app.db, claims.sub);
  if (!user || user.role !== claims.role || user.tokenVersion !== claims.ver) throw new HttpError(401, MFA_TICKET_INVALID);
  if (user.isBanned) throw new HttpError(403, bannedMessage(user.banReason));
  if (purpose === 'code' && !isTotpEnabled(user)) throw new HttpError(401, MFA_TICKET_INVALID);
  if (purpose === 'enrol' && isTotpEnabled(user)) throw new HttpError(409, MFA_ALREADY_ON);
  return { user, remember: claims.remember, ticket: { id: claims.jti, expiresAt: new Date(claims.exp * 1000) } };
}

/** Opens no second session with one ticket: 401 when it was spent already (two recovery codes sent at once opened two). */
export async function spendSecondStepTicket(app: Pick<FastifyInstance, 'db'>, ticket: TicketHolder['ticket'], now: Date): Promise<void> {
  if (!(await spendTicket(app.db, ticket.id, ticket.expiresAt, now))) throw new HttpError(401, MFA_TICKET_INVALID);
}

/** The code with it was wrong: the ticket may be tried again (within its minutes and the wrong-code allowance). */
export async function giveBackSecondStepTicket(app: Pick<FastifyInstance, 'db'>, ticket: TicketHolder['ticket']): Promise<void> {
  await unspendTicket(app.db, ticket.id);
}

/** The account may enrol now but need not (an admin outside production, who is offered it at every sign-in). */
export function enrolmentOffered(app: Pick<FastifyInstance, 'secondStep'>, user: UserRow): boolean {
  return user.role === 'admin' && !app.secondStep.adminTotpRequired && !isTotpEnabled(user);
}

/** Admins in production cannot be without it. */
export function totpRequired(app: Pick<FastifyInstance, 'secondStep'>, user: Pick<UserRow, 'role'>): boolean {
  return user.role === 'admin' && app.secondStep.adminTotpRequired;
}

/** What signing in uses of the app: the database, the token signer and the second-step settings. */
export type SecondStepApp = SessionStarter & Pick<FastifyInstance, 'secondStep'>;

export interface SignInRequest {
  remember: boolean;
  userAgent: string | undefined;
}

/** Signed in for real: the session token, and for an admin without an authenticator outside production, the offer to set one up. */
export async function startSignedInSession(app: SecondStepApp, user: UserRow, request: SignInRequest, now: Date): Promise<{ token: string; mfaOffered: boolean }> {
  await recordSignIn(app.db, user, now);
  const token = await startSession(app, user, request.remember, now, request.userAgent);
  return { token, mfaOffered: enrolmentOffered(app, user) };
}

export type PasswordStepOutcome =
  | { kind: 'session'; token: string; mfaOffered: boolean }
  | { kind: 'secondStep'; secondFactor: SecondStepPurpose; ticket: string; message: string };

/**
 * What a right password leads to: a session, or (the account's authenticator
 * being on, or an admin having to enrol one) a short-lived ticket for the next step.
 */
export async function startSessionOrSecondStep(app: SecondStepApp, user: UserRow, request: SignInRequest, now: Date): Promise<PasswordStepOutcome> {
  if (isTotpEnabled(user)) {
    return { kind: 'secondStep', secondFactor: 'code', ticket: issueTicket(app, user, 'code', request.remember, now), message: SECOND_STEP_MESSAGE };
  }
  if (totpRequired(app, user)) {
    return { kind: 'secondStep', secondFactor: 'enrol', ticket: issueTicket(app, user, 'enrol', request.remember, now), message: ENROL_REQUIRED_MESSAGE };
  }
  return { kind: 'session', ...(await startSignedInSession(app, user, request, now)) };
}
