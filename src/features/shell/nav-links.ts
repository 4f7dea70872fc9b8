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

/** SPEC: footer entries that have no target yet; shown as text, not as dead links. */
export const FOOTER_INERT_ENTRIES = {
  legal: ['Privacy Policy', 'Terms of Service', 'Cookie Policy'],
  apps: ['Google Play', 'App Store'],
} as const;

export const FOOTER_TAGLINE = 'Connect with people around the world and find your match with our radar feature.';
