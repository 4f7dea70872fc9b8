import { LAST_ACTIVE_PRECISION_MS, type DeviceKind, type SignedInDevice } from '../../../contract/auth/sessions';

const KIND_NAMES: Record<DeviceKind, string> = { mobile: 'Phone', tablet: 'Tablet', desktop: 'Computer', tv: 'TV' };

/** "Chrome on Android": what a member recognises their device by. */
export function deviceName({ browser, os }: Pick<SignedInDevice, 'browser' | 'os'>): string {
  if (browser && os) return `${browser} on ${os}`;
  if (browser) return browser;
  if (os) return `${os} device`;
  return 'Unknown device';
}

export function deviceKindName(kind: DeviceKind | null): string | null {
  return kind === null ? null : KIND_NAMES[kind];
}

/** "today at 3:05 PM" for today (several sign-ins a day are common), the date for older days. */
export function whenOnDay(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (at.toDateString() === now.toDateString()) return `today at ${at.toLocaleTimeString(undefined, { timeStyle: 'short' })}`;
  return at.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** Whether the session was used after its sign-in, as far as the server's precision tells. */
export function usedSinceSignIn({ signedInAt, lastActiveAt }: Pick<SignedInDevice, 'signedInAt' | 'lastActiveAt'>): boolean {
  return Date.parse(lastActiveAt) - Date.parse(signedInAt) >= LAST_ACTIVE_PRECISION_MS;
}
