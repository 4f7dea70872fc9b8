// Generated avatars: a friendly illustrated face on a palette gradient.
//
// Without a look, the face is drawn exactly as it always was: its URL is
// served as immutable for a year, so browsers that hold it must never see a
// different picture. A look only narrows the choices (hair, brows, lips,
// earrings or a beard) and adds its own features after the shared ones, so
// the person keeps their skin, colours and background whichever way it reads.

import type { AvatarLook } from '../../contract/media/avatar';
import { pick } from '../lib/prng';
import { escapeXml, hashSeed, PALETTE, pickColourPair, randomFromSeed } from './drawing';
import { choosePhotoScene, framingTransform } from './photo-scenes';

const SKIN_TONES = ['#FDE7D6', '#F6D2B4', '#E8B48F', '#C98E66', '#A0684A', '#6F4532'] as const;
const HAIR_COLOURS = ['#1F1A17', '#3B2A20', '#6B4226', '#A0522D', '#D6A35C', '#2E2E3A', '#7C3AED'] as const;
const INK = '#1F2937';
/** Dyed hair stays on the head: brows and beards under purple hair are dark brown. */
const DYED_HAIR = '#7C3AED';
const NATURAL_BROW = '#3B2A20';
const MOUTH_COLOURS: Record<AvatarLook | 'any', string> = { any: '#3F1D2B', feminine: '#BE185D', masculine: '#3F1D2B' };
const BEARDED_MOUTH = '#FDE7D6';
const EARRING_SHARE = 0.5;
const BEARD_SHARE = 0.35;

export type HairStyle = 'crop' | 'long' | 'curls' | 'sidePart' | 'bun' | 'longFringe' | 'longCentrePart' | 'longSidePart' | 'longCurls' | 'buzz';

/** The order is part of every existing picture: index n is what `floor(random * 5) === n` always drew. */
const ANY_LOOK_STYLES: readonly HairStyle[] = ['crop', 'long', 'curls', 'sidePart', 'bun'];
const LOOK_STYLES: Record<AvatarLook, readonly HairStyle[]> = {
  feminine: ['longFringe', 'longCentrePart', 'longSidePart', 'longCurls', 'bun'],
  // A crop twice: the commonest cut.
  masculine: ['crop', 'sidePart', 'curls', 'buzz', 'crop'],
};

const FRINGE = 'M38 58c0-18 12-30 26-30s26 12 26 30c-6-8-16-12-26-12s-20 4-26 12z';
const SIDE_PART = 'M38 60c-2-20 10-32 28-32 14 0 26 10 24 28-10-10-24-14-40-10-5 2-9 7-12 14z';
const CENTRE_PART = 'M38 62c-1-21 11-34 26-34s27 13 26 34c-5-10-13-17-26-19-13 2-21 9-26 19z';
const BUZZ = 'M40 56c0-16 11-27 24-27s24 11 24 27c-6-6-14-9-24-9s-18 3-24 9z';
/** The original long style: a straight fall that stops at the chin. */
const CHIN_LENGTH = 'M34 62c0-22 13-36 30-36s30 14 30 36v34H34z';
/** Falls past the jaw onto the shoulders, so it reads as long hair rather than a frame round the chin. */
const SHOULDER_LENGTH = 'M30 66c0-26 15-40 34-40s34 14 34 40v30c0 8-5 13-12 13H42c-7 0-12-5-12-13z';
const CURL_CIRCLES: readonly (readonly [number, number, number])[] = [
  [44, 40, 10],
  [56, 32, 11],
  [70, 31, 11],
  [82, 39, 10],
  [88, 52, 8],
  [40, 52, 8],
];

const path = (d: string, colour: string) => `<path d="${d}" fill="${colour}"/>`;
const curls = (colour: string) => CURL_CIRCLES.map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}"/>`).join('');

/** Hair drawn behind the head (`back`) and over the forehead (`front`). */
function renderHair(style: HairStyle, colour: string): { back: string; front: string } {
  switch (style) {
    case 'crop':
      return { back: '', front: path(FRINGE, colour) };
    case 'long':
      return { back: path(CHIN_LENGTH, colour), front: path(FRINGE, colour) };
    case 'curls':
      return { back: '', front: curls(colour) };
    case 'sidePart':
      return { back: '', front: path(SIDE_PART, colour) };
    case 'bun':
      return { back: `<circle cx="64" cy="26" r="10" fill="${colour}"/>`, front: path(FRINGE, colour) };
    case 'longFringe':
      return { back: path(SHOULDER_LENGTH, colour), front: path(FRINGE, colour) };
    case 'longCentrePart':
      return { back: path(SHOULDER_LENGTH, colour), front: path(CENTRE_PART, colour) };
    case 'longSidePart':
      return { back: path(SHOULDER_LENGTH, colour), front: path(SIDE_PART, colour) };
    case 'longCurls':
      return { back: path(SHOULDER_LENGTH, colour), front: curls(colour) };
    case 'buzz':
      return { back: '', front: path(BUZZ, colour) };
  }
}

function renderMouth(style: number, colour: string): string {
  if (style === 0) return `<path d="M56 76q8 8 16 0" stroke="${colour}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  if (style === 1) return `<path d="M55 75q9 11 18 0z" fill="${colour}"/><path d="M59 78q5 3 10 0" fill="#F9A8D4"/>`;
  return `<path d="M57 77q7 5 14 0" stroke="${colour}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
}

export interface AvatarFeatures {
  look: AvatarLook | undefined;
  background: { from: string; to: string; angle: number };
  skin: string;
  hair: HairStyle;
  hairColour: string;
  mouth: number;
  shirt: string;
  glasses: boolean;
  blush: boolean;
  /** Only ever true for a feminine look. */
  earrings: boolean;
  /** Only ever true for a masculine look. */
  beard: boolean;
}

/**
 * What the seed's face looks like. The random numbers are drawn in the same
 * order as before looks existed, and a look's own choice comes last, so a
 * seed keeps its skin, colours and background whichever look it is drawn in.
 */
export function chooseAvatarFeatures(seed: string, look?: AvatarLook): AvatarFeatures {
  const random = randomFromSeed(`avatar:${seed}`);
  const [from, to] = pickColourPair(random);
  const skin = pick(random, SKIN_TONES);
  const hair = pick(random, look ? LOOK_STYLES[look] : ANY_LOOK_STYLES);
  const hairColour = pick(random, HAIR_COLOURS);
  const mouth = Math.floor(random() * 3);
  const shirt = pick(random, PALETTE);
  const glasses = random() < 0.25;
  const blush = random() < 0.6;
  const angle = Math.floor(random() * 360);
  const accent = look ? random() < (look === 'feminine' ? EARRING_SHARE : BEARD_SHARE) : false;
  return {
    look,
    background: { from, to, angle },
    skin,
    hair,
    hairColour,
    mouth,
    shirt,
    glasses,
    blush,
    earrings: look === 'feminine' && accent,
    beard: look === 'masculine' && accent,
  };
}

/** Brows, lashes and earrings over the face; a beard under the mouth. Nothing without a look. */
function renderLookFeatures(face: AvatarFeatures): { overFace: string; underMouth: string } {
  const facialHair = face.hairColour === DYED_HAIR ? NATURAL_BROW : face.hairColour;
  if (face.look === 'feminine') {
    const brows = `<path d="M49 56q5-3 10 0M69 56q5-3 10 0" stroke="${facialHair}" stroke-width="1.8" fill="none" stroke-linecap="round"/>`;
    const lashes = `<path d="M51.4 61.6l-2.8-1.3M51.9 60.4l-1.6-2M76.6 61.6l2.8-1.3M76.1 60.4l1.6-2" stroke="${INK}" stroke-width="1.8" stroke-linecap="round"/>`;
    const earrings = face.earrings ? '<circle cx="40" cy="75" r="2.8" fill="#FCD34D"/><circle cx="88" cy="75" r="2.8" fill="#FCD34D"/>' : '';
    return { overFace: brows + lashes + earrings, underMouth: '' };
  }
  if (face.look === 'masculine') {
    const brows = `<path d="M48 56h11M69 56h11" stroke="${facialHair}" stroke-width="3.2" stroke-linecap="round"/>`;
    // A full beard with a moustache; the mouth is drawn over it in a light tone.
    const beard = face.beard
      ? path('M40 66c0 17 10 27 24 27s24-10 24-27c-3 5-7 7-10 6-4-4-9-5-14-5s-10 1-14 5c-3 1-7-1-10-6z', facialHair)
      : '';
    return { overFace: brows, underMouth: beard };
  }
  return { overFace: '', underMouth: '' };
}

/**
 * A friendly illustrated face on a palette gradient, 128x128. The seed only
 * influences the drawing, except for the escaped `<title>`. With `photo`, the
 * same face (hair, skin, glasses, beard, earrings) appears in another shot:
 * its own background, scene, shirt, expression and framing.
 */
export function renderAvatarSvg(seed: string, look?: AvatarLook, photo?: number): string {
  const portrait = chooseAvatarFeatures(seed, look);
  const scene = photo === undefined ? undefined : choosePhotoScene(seed, photo);
  const face = scene ? { ...portrait, background: scene.background, shirt: scene.shirt, mouth: scene.mouth, blush: scene.blush } : portrait;
  const { from, to, angle } = face.background;
  const gradientId = `bg${hashSeed(photo === undefined ? seed : `${seed}:${photo}`).toString(36)}`;
  const { back, front } = renderHair(face.hair, face.hairColour);
  const { overFace, underMouth } = renderLookFeatures(face);
  const mouthColour = face.beard ? BEARDED_MOUTH : MOUTH_COLOURS[look ?? 'any'];

  const glasses = face.glasses
    ? `<g fill="none" stroke="${INK}" stroke-width="2.5"><circle cx="54" cy="63" r="7"/><circle cx="74" cy="63" r="7"/><path d="M61 63h6"/></g>`
    : '';
  const blush = face.blush
    ? '<circle cx="48" cy="72" r="4" fill="#F472B6" opacity=".35"/><circle cx="80" cy="72" r="4" fill="#F472B6" opacity=".35"/>'
    : '';

  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img">',
    `<title>${escapeXml(seed)}</title>`,
    `<defs><linearGradient id="${gradientId}" gradientTransform="rotate(${angle} .5 .5)">`,
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="128" height="128" fill="url(#${gradientId})"/>`,
    // Without a photo nothing is added here, so avatars stay byte for byte what they were.
    scene ? `${scene.backdrop}<g transform="${framingTransform(scene.framing)}">` : '',
    back,
    `<path d="M28 128c2-22 17-34 36-34s34 12 36 34z" fill="${face.shirt}" stroke="#FFFFFF" stroke-opacity=".5" stroke-width="2"/>`,
    `<rect x="57" y="82" width="14" height="14" rx="6" fill="${face.skin}"/>`,
    `<ellipse cx="64" cy="64" rx="24" ry="27" fill="${face.skin}"/>`,
    front,
    `<circle cx="54" cy="63" r="3" fill="${INK}"/><circle cx="74" cy="63" r="3" fill="${INK}"/>`,
    blush,
    overFace,
    glasses,
    underMouth,
    renderMouth(face.mouth, mouthColour),
    scene ? '</g>' : '',
    '</svg>',
  ].join('');
}
