import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// Checks every screen spec runs at both widths: no serious accessibility
// problem, and nothing wider than the viewport.

export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** What the page itself says about its width, for a failure message. */
function widthReport(page: Page): Promise<string> {
  return page.evaluate(() => {
    const root = document.documentElement;
    // Inside a box that clips sideways, an element cannot widen the page (a carousel's slides).
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    // The element reaching furthest right: what a reader of the failure looks at first.
    let widest = '';
    let reach = 0;
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const right = element.getBoundingClientRect().right;
      if (right > reach && !clipped(element)) {
        reach = right;
        widest = `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ').join('.')}` : ''}`;
      }
    }
    return `innerWidth ${window.innerWidth}, scrollWidth ${root.scrollWidth}, (min-width: 768px) ${matchMedia('(min-width: 768px)').matches}, (min-width: 1024px) ${matchMedia('(min-width: 1024px)').matches}, widest ${widest} to ${Math.round(reach)} px, visibility ${document.visibilityState}`;
  });
}

/**
 * Polled: right after a viewport change the page may not have been laid out
 * again yet. A layout that stays too wide fails once the poll times out, with
 * what the page says about its width: twice in CI the header stayed in its
 * desktop layout at 390 px (852 px wide) while the content below it did not,
 * which polling did not cure.
 */
export async function expectNoSidewaysScroll(page: Page, width: number, what?: string): Promise<void> {
  try {
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: what }).toBeLessThanOrEqual(width);
  } catch (error) {
    const report = await widthReport(page).catch((reason: unknown) => `no report: ${String(reason)}`);
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${report}`, { cause: error });
  }
}
