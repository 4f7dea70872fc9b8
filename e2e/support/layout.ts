import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

// Checks every screen spec runs at both widths: no accessibility problem
// axe rates moderate or worse, and nothing wider than the viewport.

/** Moderate problems count too: a skipped heading level (heading-order) is how screen-reader users lose their place. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Contrast is judged on what is painted: a dialog still fading in blends its text with the page behind it.
  // Endless animations (spinners, shimmer) never finish and are left alone.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.filter((violation) => violation.impact !== 'minor');
  expect(found.map((violation) => `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
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
    return `innerWidth ${window.innerWidth}, scrollWidth ${root.scrollWidth}, (min-width: 768px) ${matchMedia('(min-width: 768px)').matches}, (min-width: 1280px) ${matchMedia('(min-width: 1280px)').matches}, header nav display ${getComputedStyle(document.querySelector('header nav') ?? document.body).display}, widest ${widest} to ${Math.round(reach)} px, visibility ${document.visibilityState}`;
  });
}

/**
 * Polled: right after a viewport change the page may not have been laid out
 * again yet. A layout that stays too wide fails once the poll times out, with
 * what the page says about its width: twice in CI the header stayed in its
 * desktop layout at 390 px (852 px wide) while the content below it did not,
 * which polling did not cure; so after a first poll the viewport is set again.
 */
export async function expectNoSidewaysScroll(page: Page, width: number, what?: string): Promise<void> {
  const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  try {
    await expect.poll(scrollWidth, { message: what, timeout: 4_000 }).toBeLessThanOrEqual(width);
  } catch {
    const staleReport = await widthReport(page).catch((reason: unknown) => `no report: ${String(reason)}`);
    // The stale case above: matchMedia says the phone's width while the
    // style sheets' (min-width) rules still apply, so Chromium kept the media
    // query results it had before the resize. Setting the viewport to a width
    // on the other side of every breakpoint and back makes those results
    // change twice, so the style sheets are matched again (a 1 px nudge
    // changed no result and cured nothing). A layout that is really too wide
    // stays too wide after it, and fails below.
    // A page behind another member's window may not be laid out again until it is in front.
    await page.bringToFront();
    const viewport = page.viewportSize();
    if (viewport) {
      await page.setViewportSize({ ...viewport, width: viewport.width < DESKTOP_VIEWPORT.width ? DESKTOP_VIEWPORT.width : PHONE_VIEWPORT.width });
      await page.evaluate(() => document.documentElement.scrollWidth);
      await page.setViewportSize(viewport);
    }
    console.warn(`expectNoSidewaysScroll: ${what ?? page.url()} still too wide after a poll at ${width} px (${staleReport}); the viewport was set again`);
  }
  try {
    await expect.poll(scrollWidth, { message: what }).toBeLessThanOrEqual(width);
  } catch (error) {
    const report = await widthReport(page).catch((reason: unknown) => `no report: ${String(reason)}`);
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${report}`, { cause: error });
  }
}

/**
 * How dark the left and right inner edges of a scrolling region look (0 is
 * its white surface), from a real screenshot of it with its content hidden,
 * so only the region's own edge shades are measured and not text or buttons
 * that happen to sit at an edge.
 */
export async function edgeShades(page: Page, region: Locator): Promise<{ left: number; right: number }> {
  const content = region.locator(':scope > *').first();
  await content.evaluate((element) => element.style.setProperty('visibility', 'hidden'));
  const png = await region.screenshot();
  await content.evaluate((element) => element.style.removeProperty('visibility'));
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.drawImage(image, 0, 0);
    // A strip 4 px wide just inside the 1 px border, over the middle half of the height.
    const darkness = (x: number) => {
      const { data } = context.getImageData(x, Math.floor(image.height / 4), 4, Math.max(1, Math.floor(image.height / 2)));
      let sum = 0;
      for (let index = 0; index < data.length; index += 4) sum += ((data[index] ?? 0) + (data[index + 1] ?? 0) + (data[index + 2] ?? 0)) / 3;
      return 255 - sum / (data.length / 4);
    };
    return { left: darkness(2), right: darkness(image.width - 6) };
  }, png.toString('base64'));
}

const PHONE_VIEWPORT = { width: 390, height: 844 };
const DESKTOP_VIEWPORT = { width: 1280, height: 800 };

/**
 * One state at a phone's width and a desktop's: nothing wider than the
 * screen, no axe problem, and a screenshot to look at
 * (test-results/screens/<name>-390.png and -1280.png).
 */
export async function captureBothWidths(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(viewport);
    await ready();
    await expectNoSidewaysScroll(page, viewport.width);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/screens/${name}-${viewport.width}.png`, fullPage: true });
  }
}

/**
 * The footer loads when the page is scrolled near it (a visitor's first view
 * of Home does not carry its code), so a test reaches it as a person does: by
 * scrolling to the end, again while deferred sections above it still arrive.
 */
export async function scrollToFooter(page: Page): Promise<Locator> {
  const footer = page.getByRole('contentinfo');
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(footer).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  return footer;
}
