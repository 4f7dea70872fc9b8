import { describe, expect, it } from 'vitest';
import { renderAvatarSvg, renderCoverSvg } from '../../../server/media/art';

const PALETTE = ['#7C3AED', '#EC4899', '#3B82F6', '#10B981', '#F59E0B'];

/** The SVG's root element and its attributes, or undefined if it is not an SVG document. */
function svgRoot(svg: string) {
  const match = /^<svg ([^>]*)>[\s\S]*<\/svg>$/.exec(svg);
  return match?.[1];
}

/** Rough well-formedness: every opened element is closed in order. */
function isBalanced(svg: string): boolean {
  const stack: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else stack.push(name ?? '');
  }
  return stack.length === 0;
}

describe('renderAvatarSvg', () => {
  it('returns a 128x128 SVG document in the design palette', () => {
    const svg = renderAvatarSvg('priyas42');
    expect(svgRoot(svg)).toContain('viewBox="0 0 128 128"');
    expect(svgRoot(svg)).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(isBalanced(svg)).toBe(true);
    expect(PALETTE.some((colour) => svg.includes(colour))).toBe(true);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(renderAvatarSvg('demo')).toBe(renderAvatarSvg('demo'));
    const variants = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map((seed) => renderAvatarSvg(seed)));
    expect(variants.size).toBe(6);
  });

  it('escapes markup in the seed', () => {
    const svg = renderAvatarSvg('<script>alert("x")</script>&\'');
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&apos;');
    expect(isBalanced(svg)).toBe(true);
  });
});

describe('renderCoverSvg', () => {
  it('returns a 1200x630 SVG document', () => {
    const svg = renderCoverSvg('introducing-the-radar');
    expect(svgRoot(svg)).toContain('viewBox="0 0 1200 630"');
    expect(isBalanced(svg)).toBe(true);
    expect(renderCoverSvg('introducing-the-radar')).toBe(svg);
    expect(renderCoverSvg('welcome-to-orbit')).not.toBe(svg);
  });

  it('softens its blobs with gradients, not a blur filter (a filter is rasterised pixel by pixel: Home paints later)', () => {
    const svg = renderCoverSvg('home-slide-radar');
    expect(svg).not.toMatch(/<filter|filter=/);
    const gradients = [...svg.matchAll(/<radialGradient id="([^"]+)">/g)].map((match) => match[1]);
    expect(gradients).toHaveLength(6);
    // Every gradient is used once, by its own disc, and each fades out to nothing at its rim.
    for (const id of gradients) expect(svg.split(`fill="url(#${id})"`)).toHaveLength(2);
    expect(svg.match(/<stop offset="1" stop-color="#[0-9A-F]{6}" stop-opacity="0"\/><\/radialGradient>/g)).toHaveLength(6);
  });

  it('draws the title, wrapped to at most three lines, escaped', () => {
    const svg = renderCoverSvg('x', 'Ten First Date Ideas for People Who Live in a <Busy> City & Love It, Really, Truly, Forever');
    const lines = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.length).toBeLessThanOrEqual(3);
    expect(lines.join(' ')).toContain('&lt;Busy&gt; City &amp;');
    expect(svg).not.toContain('<Busy>');
    expect(isBalanced(svg)).toBe(true);
  });
});
