// Blog and home-carousel covers: an abstract gradient illustration drawn from a seed.

import { escapeXml, hashSeed, PALETTE, pickColourPair, randomFromSeed, round } from './drawing';
import { pick } from '../lib/prng';

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
