// Generated artwork for avatars and blog/carousel covers. Everything is derived
// from the seed string, so the same URL always yields the same picture and
// nothing is fetched from elsewhere (the design system forbids hot-linking).

import { mulberry32, pick, type Random } from '../lib/prng';

const PALETTE = ['#7C3AED', '#EC4899', '#3B82F6', '#10B981', '#F59E0B'] as const;
const SKIN_TONES = ['#FDE7D6', '#F6D2B4', '#E8B48F', '#C98E66', '#A0684A', '#6F4532'] as const;
const HAIR_COLOURS = ['#1F1A17', '#3B2A20', '#6B4226', '#A0522D', '#D6A35C', '#2E2E3A', '#7C3AED'] as const;

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
function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A small deterministic random source seeded from the seed's hash. */
function randomFromSeed(seed: string): Random {
  return mulberry32(hashSeed(seed));
}

/** Two different palette colours, so every gradient actually shifts hue. */
function pickColourPair(random: () => number): [string, string] {
  const first = pick(random, PALETTE);
  const second = pick(
    random,
    PALETTE.filter((colour) => colour !== first),
  );
  return [first, second];
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Hair drawn behind the head (`back`) and over the forehead (`front`). */
function renderHair(style: number, colour: string): { back: string; front: string } {
  const fringe = `<path d="M38 58c0-18 12-30 26-30s26 12 26 30c-6-8-16-12-26-12s-20 4-26 12z" fill="${colour}"/>`;
  switch (style) {
    case 0: // short crop
      return { back: '', front: fringe };
    case 1: // long hair falling to the shoulders
      return { back: `<path d="M34 62c0-22 13-36 30-36s30 14 30 36v34H34z" fill="${colour}"/>`, front: fringe };
    case 2: // curls
      return {
        back: '',
        front: [
          [44, 40, 10],
          [56, 32, 11],
          [70, 31, 11],
          [82, 39, 10],
          [88, 52, 8],
          [40, 52, 8],
        ]
          .map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}"/>`)
          .join(''),
      };
    case 3: // side part
      return {
        back: '',
        front: `<path d="M38 60c-2-20 10-32 28-32 14 0 26 10 24 28-10-10-24-14-40-10-5 2-9 7-12 14z" fill="${colour}"/>`,
      };
    default: // bun on top
      return { back: `<circle cx="64" cy="26" r="10" fill="${colour}"/>`, front: fringe };
  }
}

function renderMouth(style: number): string {
  if (style === 0) return '<path d="M56 76q8 8 16 0" stroke="#3F1D2B" stroke-width="3" fill="none" stroke-linecap="round"/>';
  if (style === 1) return '<path d="M55 75q9 11 18 0z" fill="#3F1D2B"/><path d="M59 78q5 3 10 0" fill="#F9A8D4"/>';
  return '<path d="M57 77q7 5 14 0" stroke="#3F1D2B" stroke-width="3" fill="none" stroke-linecap="round"/>';
}

/**
 * A friendly illustrated face on a palette gradient, 128x128.
 * The seed only influences the drawing, except for the escaped `<title>`.
 */
export function renderAvatarSvg(seed: string): string {
  const random = randomFromSeed(`avatar:${seed}`);
  const [from, to] = pickColourPair(random);
  const skin = pick(random, SKIN_TONES);
  const hair = renderHair(Math.floor(random() * 5), pick(random, HAIR_COLOURS));
  const mouthStyle = Math.floor(random() * 3);
  const shirt = pick(random, PALETTE);
  const hasGlasses = random() < 0.25;
  const hasBlush = random() < 0.6;
  const angle = Math.floor(random() * 360);
  const gradientId = `bg${hashSeed(seed).toString(36)}`;

  const glasses = hasGlasses
    ? '<g fill="none" stroke="#1F2937" stroke-width="2.5"><circle cx="54" cy="63" r="7"/><circle cx="74" cy="63" r="7"/><path d="M61 63h6"/></g>'
    : '';
  const blush = hasBlush
    ? '<circle cx="48" cy="72" r="4" fill="#F472B6" opacity=".35"/><circle cx="80" cy="72" r="4" fill="#F472B6" opacity=".35"/>'
    : '';

  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img">',
    `<title>${escapeXml(seed)}</title>`,
    `<defs><linearGradient id="${gradientId}" gradientTransform="rotate(${angle} .5 .5)">`,
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="128" height="128" fill="url(#${gradientId})"/>`,
    hair.back,
    `<path d="M28 128c2-22 17-34 36-34s34 12 36 34z" fill="${shirt}" stroke="#FFFFFF" stroke-opacity=".5" stroke-width="2"/>`,
    `<rect x="57" y="82" width="14" height="14" rx="6" fill="${skin}"/>`,
    `<ellipse cx="64" cy="64" rx="24" ry="27" fill="${skin}"/>`,
    hair.front,
    '<circle cx="54" cy="63" r="3" fill="#1F2937"/><circle cx="74" cy="63" r="3" fill="#1F2937"/>',
    blush,
    glasses,
    renderMouth(mouthStyle),
    '</svg>',
  ].join('');
}

/** Splits a title into at most three lines of roughly `width` characters. */
function wrapTitle(title: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of title.trim().split(/\s+/)) {
    if (current && (current + ' ' + word).length > width) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  if (lines.length > 3) {
    const kept = lines.slice(0, 3);
    kept[2] = `${kept[2] ?? ''}…`;
    return kept;
  }
  return lines;
}

/** How far a blob's edge fades on each side, in px of the 1200-wide cover. */
const BLOB_FADE = 40;

/**
 * A disc whose edge fades out like a Gaussian blur of it (the stops follow
 * the blur's S-curve, one and two fades either side of the edge). Drawn as a
 * radial gradient because a blur filter is rasterised pixel by pixel:
 * Chromium without a GPU took 150-250 ms longer to paint a cover with six
 * blurred discs, and the cover is the largest paint on Home.
 */
function softDisc(gradientId: string, disc: { cx: number; cy: number; r: number; colour: string; opacity: number }) {
  const outer = disc.r + 2 * BLOB_FADE;
  const stops = [
    [-2, 1],
    [-1, 0.84],
    [0, 0.5],
    [1, 0.16],
    [2, 0],
  ]
    .map(([fades = 0, share = 0]) => {
      const offset = Number(Math.max(0, (disc.r + fades * BLOB_FADE) / outer).toFixed(3));
      return `<stop offset="${offset}" stop-color="${disc.colour}" stop-opacity="${Number((disc.opacity * share).toFixed(3))}"/>`;
    })
    .join('');
  return {
    gradient: `<radialGradient id="${gradientId}">${stops}</radialGradient>`,
    shape: `<circle cx="${disc.cx}" cy="${disc.cy}" r="${outer}" fill="url(#${gradientId})"/>`,
  };
}

/**
 * An abstract gradient illustration, 1200x630 (the social-card ratio), for
 * blog covers and home carousel slides; the optional title is drawn on it.
 */
export function renderCoverSvg(seed: string, title?: string): string {
  const random = randomFromSeed(`cover:${seed}`);
  const [from, to] = pickColourPair(random);
  const id = hashSeed(seed).toString(36);
  const angle = Math.floor(random() * 360);

  const blobs = Array.from({ length: 6 }, (_, index) => {
    const colour = pick(random, PALETTE);
    const cx = round(random() * 1200);
    const cy = round(random() * 630);
    const r = round(80 + random() * 220);
    const opacity = round(0.18 + random() * 0.3);
    return softDisc(`blob${id}${index}`, { cx, cy, r, colour, opacity });
  });

  const rings = Array.from({ length: 3 }, (_, index) => {
    const cx = round(200 + random() * 800);
    const cy = round(100 + random() * 430);
    const r = round(60 + random() * 140 + index * 30);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#FFFFFF" stroke-opacity=".22" stroke-width="3"/>`;
  }).join('');

  const waveBase = round(430 + random() * 80);
  const waveLift = round(40 + random() * 60);
  const wave = `<path d="M0 ${waveBase} C300 ${round(waveBase - waveLift)} 600 ${round(waveBase + waveLift)} 1200 ${round(waveBase - waveLift / 2)} V630 H0z" fill="#FFFFFF" opacity=".12"/>`;

  const titleLines = title ? wrapTitle(title, 32) : [];
  const titleBlock = titleLines.length
    ? `<g font-family="Inter, 'Segoe UI', Arial, sans-serif" font-size="60" font-weight="700" fill="#FFFFFF">` +
      titleLines
        .map((line, index) => `<text x="80" y="${140 + index * 76}">${escapeXml(line)}</text>`)
        .join('') +
      '</g>'
    : '';

  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630" role="img">',
    `<title>${escapeXml(title ?? seed)}</title>`,
    '<defs>',
    `<linearGradient id="bg${id}" gradientTransform="rotate(${angle} .5 .5)">`,
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    ...blobs.map((blob) => blob.gradient),
    '</defs>',
    `<rect width="1200" height="630" fill="url(#bg${id})"/>`,
    ...blobs.map((blob) => blob.shape),
    rings,
    wave,
    titleBlock,
    '</svg>',
  ].join('');
}
