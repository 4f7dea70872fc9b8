import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AVATAR_LOOKS, type AvatarLook } from '../../../contract/media/avatar';
import { chooseAvatarFeatures, renderAvatarSvg, type AvatarFeatures, type HairStyle } from '../../../server/media/avatar-art';
import { isBalanced, svgRoot } from './svg-checks';

const PALETTE = ['#7C3AED', '#EC4899', '#3B82F6', '#10B981', '#F59E0B'];
const SEEDS = Array.from({ length: 400 }, (_, index) => `person-${index}`);
const share = (count: number) => count / SEEDS.length;

describe('renderAvatarSvg', () => {
  it('returns a 128x128 SVG document in the design palette', () => {
    for (const look of [undefined, ...AVATAR_LOOKS]) {
      const svg = renderAvatarSvg('priyas42', look);
      expect(svgRoot(svg)).toContain('viewBox="0 0 128 128"');
      expect(svgRoot(svg)).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(isBalanced(svg)).toBe(true);
      expect(PALETTE.some((colour) => svg.includes(colour))).toBe(true);
    }
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(renderAvatarSvg('demo')).toBe(renderAvatarSvg('demo'));
    expect(renderAvatarSvg('demo', 'feminine')).toBe(renderAvatarSvg('demo', 'feminine'));
    const variants = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map((seed) => renderAvatarSvg(seed)));
    expect(variants.size).toBe(6);
  });

  it('draws a seed without a look exactly as before looks existed (its URL is cached as immutable for a year)', () => {
    const pictures = Array.from({ length: 40 }, (_, index) => renderAvatarSvg(`seed-${index}`)).join('\n');
    expect(createHash('sha256').update(pictures).digest('hex')).toBe('cb5f7d3eac11bc028d5465e117594bbc38701927f9f4727b83d7b63b1612328a');
  });

  it('escapes markup in the seed', () => {
    const svg = renderAvatarSvg('<script>alert("x")</script>&\'');
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&apos;');
    expect(isBalanced(svg)).toBe(true);
  });
});

describe('avatar looks', () => {
  it.each([
    {
      look: 'feminine',
      summary: 'long hair or a bun, sometimes earrings and never a beard',
      hair: ['longFringe', 'longCentrePart', 'longSidePart', 'longCurls', 'bun'],
      sometimes: 'earrings',
      never: 'beard',
      between: [0.35, 0.65],
    },
    {
      look: 'masculine',
      summary: 'short hair, sometimes a beard and never earrings',
      hair: ['crop', 'sidePart', 'curls', 'buzz'],
      sometimes: 'beard',
      never: 'earrings',
      between: [0.2, 0.5],
    },
  ] as const satisfies readonly {
    look: AvatarLook;
    summary: string;
    hair: readonly HairStyle[];
    sometimes: 'earrings' | 'beard';
    never: 'earrings' | 'beard';
    between: readonly [number, number];
  }[])('gives a $look look $summary', ({ look, hair, sometimes, never, between: [low, high] }) => {
    const faces = SEEDS.map((seed) => chooseAvatarFeatures(seed, look));
    for (const face of faces) expect(hair).toContain(face.hair);
    expect(new Set(faces.map((face) => face.hair)).size).toBe(hair.length);
    expect(faces.some((face) => face[never])).toBe(false);
    expect(share(faces.filter((face) => face[sometimes]).length)).toBeGreaterThan(low);
    expect(share(faces.filter((face) => face[sometimes]).length)).toBeLessThan(high);
  });

  it("keeps the seed's skin, colours and background whichever look it is drawn in", () => {
    const shared = ({ background, skin, hairColour, mouth, shirt, glasses, blush }: AvatarFeatures) => ({ background, skin, hairColour, mouth, shirt, glasses, blush });
    for (const seed of SEEDS.slice(0, 50)) {
      for (const look of AVATAR_LOOKS) expect(shared(chooseAvatarFeatures(seed, look))).toEqual(shared(chooseAvatarFeatures(seed)));
    }
  });

  it('draws the look: rose lips, lashes and arched brows; straight brows and a beard with a light mouth', () => {
    const feminine = renderAvatarSvg('person-1', 'feminine');
    expect(feminine).toMatch(/stroke="#BE185D"|fill="#BE185D"/);
    expect(feminine).toContain('d="M51.4 61.6l-2.8-1.3M51.9 60.4l-1.6-2M76.6 61.6l2.8-1.3M76.1 60.4l1.6-2"');

    const bearded = SEEDS.find((seed) => chooseAvatarFeatures(seed, 'masculine').beard) ?? '';
    const masculine = renderAvatarSvg(bearded, 'masculine');
    expect(masculine).toContain('d="M48 56h11M69 56h11"');
    // The mouth is drawn last, over the beard, in a light tone that shows on it.
    const beardAt = masculine.indexOf('<path d="M40 66c0 17');
    expect(beardAt).toBeGreaterThan(0);
    const mouth = masculine.slice(beardAt);
    expect(mouth).toContain('#FDE7D6');
    expect(mouth).not.toContain('#3F1D2B');
    expect(masculine).not.toContain('#BE185D');
  });
});

describe('gallery photos', () => {
  const identityColours = (seed: string, look?: AvatarLook) => {
    const face = chooseAvatarFeatures(seed, look);
    return [face.skin, face.hairColour];
  };

  it('shows the avatar\'s own face in every photo: skin, hair, glasses and beard stay, the shot changes', () => {
    for (const [seed, look] of [['rahuli30', 'masculine'], ['myrapillai', 'feminine'], ['demo', undefined]] as const) {
      const portrait = renderAvatarSvg(seed, look);
      const photos = [1, 2, 3, 4, 5, 6].map((photo) => renderAvatarSvg(seed, look, photo));
      const face = chooseAvatarFeatures(seed, look);
      for (const photo of photos) {
        expect(isBalanced(photo)).toBe(true);
        for (const colour of identityColours(seed, look)) expect(photo).toContain(`fill="${colour}"`);
        expect(photo.includes('<circle cx="54" cy="63" r="7"/>')).toBe(face.glasses);
        expect(photo.includes('<path d="M40 66c0 17')).toBe(face.beard);
        expect(photo).not.toBe(portrait);
      }
      expect(new Set(photos).size).toBe(6);
    }
  });

  it("gives a person's first four photos four different scenes", () => {
    const sceneMarks = ['<circle cx="98" cy="44" r="16"', 'M0 128V92h12', 'M0 128V100c18', 'opacity=".22"'];
    for (const seed of SEEDS.slice(0, 20)) {
      const scenes = [1, 2, 3, 4].map((photo) => {
        const svg = renderAvatarSvg(seed, 'feminine', photo);
        return sceneMarks.findIndex((mark) => svg.includes(mark));
      });
      expect(new Set(scenes)).toEqual(new Set([0, 1, 2, 3]));
    }
  });
});
