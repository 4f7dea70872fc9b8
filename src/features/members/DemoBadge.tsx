import { Badge } from '../../ui';

/** The one line Home and Discover show while demo people are about (issue 51). */
export const DEMO_PEOPLE_NOTE = 'People marked Demo are sample profiles that answer automatically; they are not real members.';

/**
 * Marks a seeded demo person wherever they appear (cards, profiles, chats,
 * matches), so nobody takes an automatic answer for a real member's.
 */
export function DemoBadge({ person }: { person: { isDemo: boolean } }) {
  return person.isDemo ? <Badge tone="demo">Demo</Badge> : null;
}
