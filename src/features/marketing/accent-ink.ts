import type { StatColor } from '../../../contract/common';

/**
 * The tinted fill and readable ink for each accent (pure accents are too light
 * for text). Its own module so Home's stats row can use it without loading the
 * feature cards.
 */
export const ACCENT_INK = {
  purple: { ink: 'purpleDark', fill: 'purpleTint' },
  pink: { ink: 'pinkDeep', fill: 'pinkTint' },
  blue: { ink: 'blueText', fill: 'blueTint' },
  green: { ink: 'greenText', fill: 'greenTint' },
} as const satisfies Record<StatColor, { ink: string; fill: string }>;
