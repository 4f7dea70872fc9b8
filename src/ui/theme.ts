// The single source of Orbit's visual tokens (see /work/shared/DESIGN-SYSTEM.md).
// Components and features style themselves only from these values.
//
// Contrast decisions (WCAG AA, 4.5:1 for text, 3:1 for control borders),
// measured with the WCAG relative-luminance formula:
// - white on the gradient's lightest stop #DB2777 is 4.60:1. The spec's pink
//   #EC4899 gives only 3.53:1 under white text, so the gradient starts at the
//   darker pink; #EC4899 stays available as an accent for non-text decoration.
// - warning is amber-700 #B45309 (5.02:1 on white); amber-600 #D97706 is 3.19:1.
// - muted #64748B is 4.76:1 on white and 4.55:1 on surfaceAlt, so muted text
//   is never placed on darker greys.
// - pure accents (blue 3.68, green 2.54, vip 2.15 on white) are not text
//   colours; badges and notices use the darker *Text tones on *Tint fills
//   (all at least 5.2:1).
// - controlBorder #7C8BA1 is 3.46:1 on white, so inputs are perceivable;
//   the lighter `border` is for decorative hairlines only.

const colors = {
  purple: '#7C3AED',
  purpleDark: '#6D28D9',
  purpleTint: '#F5F3FF',
  pink: '#EC4899',
  pinkDark: '#DB2777',
  pinkDeep: '#BE185D',
  pinkTint: '#FCE7F3',
  blue: '#3B82F6',
  blueText: '#1D4ED8',
  blueTint: '#EFF6FF',
  green: '#10B981',
  greenText: '#047857',
  greenTint: '#ECFDF5',
  text: '#0F172A',
  muted: '#64748B',
  surface: '#FFFFFF',
  surfaceAlt: '#F8FAFC',
  border: '#E2E8F0',
  controlBorder: '#7C8BA1',
  danger: '#DC2626',
  dangerDark: '#B91C1C',
  dangerText: '#B91C1C',
  dangerTint: '#FEF2F2',
  warning: '#B45309',
  warningTint: '#FFFBEB',
  vip: '#F59E0B',
  vipText: '#92400E',
  vipTint: '#FFFBEB',
  neutralText: '#334155',
  neutralTint: '#F1F5F9',
  skeleton: '#E2E8F0',
  skeletonShine: '#F1F5F9',
  onBrand: '#FFFFFF',
  overlay: 'rgba(15, 23, 42, 0.6)',
} as const;

const gradients = {
  brand: `linear-gradient(135deg, ${colors.pinkDark}, ${colors.purple})`,
  brandHover: `linear-gradient(135deg, ${colors.pinkDeep}, ${colors.purpleDark})`,
} as const;

const font = {
  family: "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  sizes: { xs: 12, sm: 14, md: 16, lg: 20, xl: 24, xxl: 32, display: 44 },
  weights: { regular: 400, semibold: 600, bold: 700 },
  lineHeights: { tight: 1.2, base: 1.5 },
} as const;

/** The 4 px grid: `theme.space[4]` is 16 (px). */
const space = { 0: 0, 1: 4, 2: 8, 3: 12, 4: 16, 6: 24, 8: 32, 12: 48, 16: 64 } as const;

const radii = { input: 8, card: 16, pill: 999 } as const;

const shadows = {
  card: '0 1px 3px rgba(15, 23, 42, 0.08), 0 1px 2px rgba(15, 23, 42, 0.04)',
  raised: '0 12px 32px rgba(15, 23, 42, 0.16), 0 4px 8px rgba(15, 23, 42, 0.06)',
} as const;

const motion = {
  fast: '150ms ease-out',
  base: '250ms ease-out',
  /** Looping indicators (they stop under prefers-reduced-motion). */
  spin: '800ms linear infinite',
  shimmer: '1.4s ease-in-out infinite',
} as const;

/** Component dimensions that are not spacing (all px). */
const sizes = {
  touchTarget: 44,
  controlSm: 36,
  controlLg: 52,
  containerMax: 1200,
  dialogMax: 560,
  avatar: 48,
  onlineDot: 12,
  icon: 20,
  spinner: { sm: 16, md: 24, lg: 40 },
  focusRing: 2,
  /** The white ring that separates an online dot from the photo. */
  dotRing: 2,
} as const;

const breakpoints = { phone: 360, tablet: 768, desktop: 1280 } as const;

/** The media conditions alone, for `matchMedia` (see useMediaQuery). */
export const mediaConditions = {
  tablet: `(min-width: ${breakpoints.tablet}px)`,
  desktop: `(min-width: ${breakpoints.desktop}px)`,
  belowTablet: `(max-width: ${breakpoints.tablet - 1}px)`,
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;

/** Mobile-first media queries: `${media.tablet} { ... }` applies from 768 px up. */
export const media = {
  tablet: `@media ${mediaConditions.tablet}`,
  desktop: `@media ${mediaConditions.desktop}`,
  belowTablet: `@media ${mediaConditions.belowTablet}`,
  reducedMotion: `@media ${mediaConditions.reducedMotion}`,
} as const;

export const theme = {
  colors,
  gradients,
  font,
  space,
  radii,
  shadows,
  motion,
  sizes,
  breakpoints,
  media,
} as const;

export type OrbitTheme = typeof theme;
export type SpaceStep = keyof typeof space;
export type FontSize = keyof typeof font.sizes;
export type ColorToken = keyof typeof colors;

/** Appends the unit to a token: `px(theme.space[4])` is '16px'. */
export const px = (value: number): string => `${value}px`;
