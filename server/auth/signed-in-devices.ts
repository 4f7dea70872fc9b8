import Bowser from 'bowser';
import { DEVICE_KINDS, SESSION_ALREADY_ENDED, type DeviceKind, type SignedInDevice, type SignedInDevicesResponse } from '../../contract/auth/sessions';
import type { OrbitDatabase } from '../db/types';
import { HttpError } from '../plugins/errors';
import { revokeSessionByHandle, signedInDeviceRows } from './queries/sessions';

function isDeviceKind(value: string | undefined): value is DeviceKind {
  return (DEVICE_KINDS as readonly (string | undefined)[]).includes(value);
}

/** Browser, system and kind of device, as far as a User-Agent tells them; the version numbers would only be noise in a list. */
export function describeUserAgent(userAgent: string | null): Pick<SignedInDevice, 'browser' | 'os' | 'kind'> {
  if (userAgent === null) return { browser: null, os: null, kind: null };
  const parsed = Bowser.parse(userAgent);
  const platform = parsed.platform.type;
  return {
    browser: parsed.browser.name || null,
    os: parsed.os.name || null,
    kind: isDeviceKind(platform) ? platform : null,
  };
}

/** Where the account is signed in now: the calling session first, then the most recently used. */
export async function listSignedInDevices(db: OrbitDatabase, userId: string, currentSessionId: string, now: Date): Promise<Omit<SignedInDevicesResponse, 'success'>> {
  const { rows, total } = await signedInDeviceRows(db, userId, currentSessionId, now);
  return {
    sessions: rows.map((row) => ({
      id: row.handle,
      ...describeUserAgent(row.userAgent),
      signedInAt: row.createdAt.toISOString(),
      lastActiveAt: row.lastActiveAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      current: row.current,
    })),
    total,
  };
}

/**
 * Ends one of the caller's live sessions by its handle. Someone else's
 * handle, an unknown one and an ended one all answer the same 404, so a
 * guessed handle tells nothing.
 */
export async function endSessionByHandle(db: OrbitDatabase, userId: string, handle: string, now: Date): Promise<void> {
  if (!(await revokeSessionByHandle(db, userId, handle, now))) throw new HttpError(404, SESSION_ALREADY_ENDED);
}
