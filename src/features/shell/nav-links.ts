/** SPEC section 2 header navigation, in order; /admin is added for admins only. */
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/features', label: 'Features' },
  { to: '/users', label: 'Discover' },
  { to: '/radar', label: 'Radar' },
  { to: '/spin', label: 'Spin' },
  { to: '/live-stream', label: 'Live' },
  { to: '/match', label: 'Matches' },
  { to: '/messages', label: 'Messages' },
  { to: '/coins', label: 'Coins' },
  { to: '/vip', label: 'VIP' },
  { to: '/store', label: 'Store' },
  { to: '/blog', label: 'Blog' },
  { to: '/download', label: 'Download' },
] as const;

export const FOOTER_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/features', label: 'Features' },
  { to: '/blog', label: 'Blog' },
  { to: '/download', label: 'Download' },
] as const;

/** SPEC footer's legal entries, real pages since issue 37 (finding 15). */
export const FOOTER_LEGAL_LINKS = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/cookies', label: 'Cookie Policy' },
] as const;

/** SPEC: footer entries that have no target while no app exists; shown as text, not as dead links. */
export const FOOTER_INERT_ENTRIES = {
  apps: ['Google Play', 'App Store'],
} as const;

export const FOOTER_TAGLINE = 'Connect with people around the world and find your match with our radar feature.';
