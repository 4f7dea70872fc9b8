import type { PushPayload } from '../../contract/notifications';
import { PUSH_KINDS } from '../../contract/push-kinds';

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * A push's payload as the server wrote it (contract/notifications.ts), or
 * null for anything else. Checked by hand rather than with the contract's zod
 * schema: the worker stays small and installs fast.
 */
export function readPushPayload(text: string | undefined): PushPayload | null {
  if (text === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { kind, title, body, tag, url } = value as Record<string, unknown>;
  if (!PUSH_KINDS.some((known) => known === kind) || !isText(title) || !isText(body) || !isText(tag) || !isText(url) || !url.startsWith('/')) return null;
  return { kind: kind as PushPayload['kind'], title, body, tag, url };
}
