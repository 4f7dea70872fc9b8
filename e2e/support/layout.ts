import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// Checks every screen spec runs at both widths: no serious accessibility
// problem, and nothing wider than the viewport.

export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Polled: right after a viewport change the page may not have been laid out
 * again yet (seen once in CI as 852 px at 390). A layout that stays too wide
 * still fails once the poll times out.
 */
export async function expectNoSidewaysScroll(page: Page, width: number, what?: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: what }).toBeLessThanOrEqual(width);
}
