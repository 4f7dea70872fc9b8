// Shared pieces of Orbit's generated artwork (avatars and covers). Everything
// is derived from a seed string, so the same URL always yields the same
// picture and nothing is fetched from elsewhere (the design system forbids
// hot-linking).

import { mulberry32, pick, type Random } from '../lib/prng';

export const PALETTE = ['#7C3AED', '#EC4899', '#3B82F6', '#10B981', '#F59E0B'] as const;

/** Escapes text for use inside SVG element content or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** FNV-1a: a stable 32-bit hash so a seed maps to the same picture everywhere. */
export function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A small deterministic random source seeded from the seed's hash. */
export function randomFromSeed(seed: string): Random {
  return mulberry32(hashSeed(seed));
}

/** Two different palette colours, so every gradient actually shifts hue. */
export function pickColourPair(random: () => number): [string, string] {
  const first = pick(random, PALETTE);
  const second = pick(
    random,
    PALETTE.filter((colour) => colour !== first),
  );
  return [first, second];
}

export const round = (value: number) => Math.round(value * 10) / 10;
