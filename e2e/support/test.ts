import { test as base } from '@playwright/test';

/**
 * Playwright's test, closing every browser context a test opened itself
 * (browser.newContext, memberPage): Playwright closes only the context it
 * made. A failed test never reached its own close, and its members' windows,
 * sockets and media stayed open under the tests after it.
 */
export const test = base.extend<{ closeOpenedContexts: void }>({
  closeOpenedContexts: [
    // Playwright's `use`, named otherwise so React's hook rules do not take it for React's use().
    async ({ browser }, runTest) => {
      const before = new Set(browser.contexts());
      await runTest();
      await Promise.all(browser.contexts().filter((context) => !before.has(context)).map((context) => context.close()));
    },
    { auto: true },
  ],
});

export * from '@playwright/test';
