import { describe, expect, it } from 'vitest';
import { theme } from '../../../src/ui/theme';

// WCAG 2 relative luminance and contrast ratio.
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const c = theme.colors;

describe('theme colour contrast (WCAG AA)', () => {
  const textPairs: [string, string, string][] = [
    ['text on surface', c.text, c.surface],
    ['muted on surface', c.muted, c.surface],
    ['muted on surfaceAlt', c.muted, c.surfaceAlt],
    ['white on the gradient pink stop', c.onBrand, c.pinkDark],
    ['white on the gradient purple stop', c.onBrand, c.purple],
    ['white on danger button', c.onBrand, c.danger],
    ['secondary button text', c.purple, c.surface],
    ['warning text', c.warning, c.surface],
    ['error notice', c.dangerText, c.dangerTint],
    ['success notice', c.greenText, c.greenTint],
    ['info notice', c.blueText, c.blueTint],
    ['vip badge', c.vipText, c.vipTint],
    ['admin badge', c.purpleDark, c.purpleTint],
    ['user badge', c.neutralText, c.neutralTint],
    ['selected tab', c.purpleDark, c.surface],
  ];

  it.each(textPairs)('%s reaches 4.5:1', (_name, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('uses the darker pink in the brand gradient, since white on #EC4899 fails', () => {
    expect(contrast(c.onBrand, c.pink)).toBeLessThan(4.5);
    expect(theme.gradients.brand).toContain(c.pinkDark);
  });

  it('gives control borders 3:1 against the surface', () => {
    expect(contrast(c.controlBorder, c.surface)).toBeGreaterThanOrEqual(3);
  });
});
