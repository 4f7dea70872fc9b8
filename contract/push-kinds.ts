// Kept apart from contract/notifications.ts (which builds zod schemas) so the
// service worker can read the kinds without carrying zod.

/** What a push can be about. */
export const PUSH_KINDS = ['match', 'message', 'call', 'live'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
