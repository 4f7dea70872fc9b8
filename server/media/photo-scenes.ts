// A person's gallery photos: the face of their avatar (hair, skin, glasses,
// beard) in a different shot each time, so a profile's photos read as one
// person on different days rather than a row of strangers.

import { PALETTE, hashSeed, pickColourPair, randomFromSeed, round } from './drawing';
import { pick } from '../lib/prng';

/** Photos a profile can hold (PROFILE_LIMITS.photosMax): /api/media/avatar/<seed>?photo=1..6. */
export const MAX_PHOTO_NUMBER = 6;

export type SceneName = 'sunset' | 'skyline' | 'hills' | 'lights';
const SCENES: readonly SceneName[] = ['sunset', 'skyline', 'hills', 'lights'];

export interface PhotoScene {
  name: SceneName;
  background: { from: string; to: string; angle: number };
  shirt: string;
  mouth: number;
  blush: boolean;
  /** Drawn over the background and behind the person. */
  backdrop: string;
  /** Where the person stands in the frame: a little off centre, nearer or further. */
  framing: { dx: number; scale: number };
}

const SKYLINE = 'M0 128V92h12V80h10v12h8V70h14v22h6V84h12v44zM70 128V88h10V74h12v14h6V64h14v24h8V82h8v46z';
const HILLS = 'M0 128V100c18-14 38-18 58-8s38 8 70-10v46z';

function renderBackdrop(name: SceneName, random: () => number): string {
  switch (name) {
    case 'sunset':
      return '<circle cx="98" cy="44" r="16" fill="#FDE68A" opacity=".85"/><rect y="100" width="128" height="28" fill="#1E3A8A" opacity=".25"/>';
    case 'skyline':
      return `<path d="${SKYLINE}" fill="#111827" opacity=".28"/>`;
    case 'hills':
      return `<path d="${HILLS}" fill="#065F46" opacity=".3"/><circle cx="24" cy="30" r="9" fill="#FFFFFF" opacity=".5"/>`;
    case 'lights':
      return Array.from({ length: 7 }, () => {
        const cx = round(random() * 128);
        const cy = round(random() * 90);
        const r = round(4 + random() * 9);
        return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#FFFFFF" opacity=".22"/>`;
      }).join('');
  }
}

/**
 * The shot for photo `photo` (1 to MAX_PHOTO_NUMBER) of `seed`. A person's
 * first four photos are four different scenes; which scene comes first
 * depends on the seed, so galleries do not all open on a sunset.
 */
export function choosePhotoScene(seed: string, photo: number): PhotoScene {
  const random = randomFromSeed(`photo:${seed}:${photo}`);
  const name = SCENES[(hashSeed(seed) + photo - 1) % SCENES.length] ?? 'sunset';
  const [from, to] = pickColourPair(random);
  const angle = Math.floor(random() * 360);
  const shirt = pick(random, PALETTE);
  const mouth = Math.floor(random() * 3);
  const blush = random() < 0.6;
  const framing = { dx: Math.round((random() - 0.5) * 28), scale: pick(random, [1, 0.9, 0.82]) };
  return { name, background: { from, to, angle }, shirt, mouth, blush, backdrop: renderBackdrop(name, random), framing };
}

/** The transform that places the person: scaled about the bottom centre, so the shoulders stay on the frame's lower edge. */
export function framingTransform({ dx, scale }: PhotoScene['framing']): string {
  return `translate(${round(dx + 64 - 64 * scale)} ${round(128 - 128 * scale)}) scale(${scale})`;
}
