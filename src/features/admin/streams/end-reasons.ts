import type { LiveEndReason } from '../../../../contract/live';

/** How the streams table says why a stream ended (contract/live.ts LIVE_END_REASONS). */
export const END_REASON_LABELS: Record<LiveEndReason, string> = {
  ended: 'Ended by the host',
  lost: 'Host lost connection',
  admin: 'Ended by an admin',
  'signed-out': 'Host signed out',
  banned: 'Host banned or deleted',
};
