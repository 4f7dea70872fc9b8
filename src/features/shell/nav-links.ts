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

/** Header entries that belong to the public site: on a member's own screens the header leaves them out (issue 51). */
const MARKETING_PATHS: ReadonlySet<string> = new Set(['/', '/features', '/blog', '/download']);

/** Pages for everyone (the site, its legal pages, signing in): they keep the marketing header and the footer for members too. */
const PUBLIC_PAGE = /^\/(features|blog|download|pricing|privacy|terms|cookies|login|register|forgot-password|reset-password|verify-email|sign-in-link)?(\/|$)/;

export const isPublicPage = (pathname: string): boolean => PUBLIC_PAGE.test(pathname);

/** The header's entries on a member's screen: the app's, not the site's (Home stays one tap away on the logo). */
export const MEMBER_NAV_LINKS = NAV_LINKS.filter((link) => !MARKETING_PATHS.has(link.to));

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
