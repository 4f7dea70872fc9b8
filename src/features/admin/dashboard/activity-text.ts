import type { ActivityEntry } from '../../../../contract/admin/console';

const TARGET_NOUNS: Record<string, string> = {
  user: 'user',
  withdrawal: 'withdrawal',
  gift: 'gift',
  coinPack: 'coin pack',
  vipPlan: 'VIP plan',
  blogPost: 'blog post',
};

/** Actions on people read as sentences about that person. */
const PERSON_VERBS: Record<string, string> = {
  ban: 'banned',
  unban: 'unbanned',
  'make-vip': 'granted VIP to',
  'remove-vip': 'removed VIP from',
  'grant-coins': 'granted coins to',
  'take-coins': 'took coins from',
  'approve-withdrawal': 'approved the withdrawal of',
  'reject-withdrawal': 'rejected the withdrawal of',
  'return-withdrawal': 'marked returned the payout of',
  'resolve-report': 'resolved a report about',
};

function pastTense(verb: string): string {
  return verb.endsWith('e') ? `${verb}d` : `${verb}ed`;
}

/** 'admin banned maya_r', 'admin created coin pack "Mega Pack"', 'admin updated the home page settings'. */
export function describeActivity(entry: ActivityEntry): string {
  const who = entry.admin?.username ?? 'A removed admin';
  const personVerb = PERSON_VERBS[entry.action];
  if (personVerb) return `${who} ${personVerb} ${entry.targetName ?? 'a deleted account'}`;

  // Generic '<verb>-<thing>' actions: create-gift, delete-blog-post, update-settings.
  const verb = pastTense(entry.action.split('-')[0] ?? entry.action);
  if (entry.targetType === 'settings') return `${who} ${verb} the site settings`;
  const noun = TARGET_NOUNS[entry.targetType] ?? entry.targetType;
  return entry.targetName ? `${who} ${verb} ${noun} "${entry.targetName}"` : `${who} ${verb} a ${noun}`;
}

/** The reason or summary shown under the line, unless the line already says it. */
export function activityDetails(entry: ActivityEntry): string | null {
  if (!entry.details || entry.details === entry.targetName) return null;
  return entry.details;
}
