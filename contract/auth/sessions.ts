import { z } from 'zod';
import { idSchema } from '../common';

/** The kinds of device a browser can be told apart by; crawlers and unknowns are null. */
export const DEVICE_KINDS = ['mobile', 'tablet', 'desktop', 'tv'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/**
 * One place the account is signed in, as the member sees it in Settings.
 * `id` is the session's handle, never the token's jti.
 */
export const signedInDeviceSchema = z.object({
  id: idSchema,
  /** Read from the User-Agent at sign-in: "Chrome", "Safari"; null when unknown. */
  browser: z.string().nullable(),
  /** "Android", "iOS", "Windows", "macOS", "Linux"; null when unknown. */
  os: z.string().nullable(),
  kind: z.enum(DEVICE_KINDS).nullable(),
  signedInAt: z.string(),
  /** The last request made with it, to within LAST_ACTIVE_PRECISION_MS. */
  lastActiveAt: z.string(),
  expiresAt: z.string(),
  /** The session that asked: the device in the member's hand. */
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDeviceSchema>;

/**
 * How stale a session's and a member's "last active" may get: the server
 * writes it down at most this often, so two times closer than this are the same moment.
 */
export const LAST_ACTIVE_PRECISION_MS = 5 * 60_000;

/** The list shows this many sessions at most; "Sign out of other devices" ends all of them. */
export const SIGNED_IN_DEVICES_SHOWN = 50;

export const signedInDevicesResponseSchema = z.object({
  success: z.literal(true),
  /** This device first, then the most recently active. */
  sessions: z.array(signedInDeviceSchema),
  /** Every live session, including those past the ones listed. */
  total: z.number().int().nonnegative(),
});
export type SignedInDevicesResponse = z.infer<typeof signedInDevicesResponseSchema>;

export const signedInDeviceParamsSchema = z.object({ id: idSchema });

export const DEVICE_SIGNED_OUT = 'Signed out of that device';
/** Unknown, someone else's, already ended and expired sessions all read the same. */
export const SESSION_ALREADY_ENDED = 'That session has already ended';
