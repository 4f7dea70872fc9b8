import { describe, expect, it } from 'vitest';
import { renderCoverSvg } from '../../../server/media/cover-art';
import { isBalanced, svgRoot } from './svg-checks';

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
