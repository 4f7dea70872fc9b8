/**
 * How another member's activity reads (SPEC's "last-active text" and profile
 * "last seen"): coarse buckets only, never a time. '' when they chose not to
 * show it (Settings, "Show when I was active").
 */
export const ACTIVITY_TEXT = {
  online: 'Online now',
  today: 'Active today',
  thisWeek: 'Active this week',
  thisMonth: 'Active this month',
  earlier: 'Active a while ago',
  hidden: '',
} as const;
export type ActivityText = (typeof ACTIVITY_TEXT)[keyof typeof ACTIVITY_TEXT];
