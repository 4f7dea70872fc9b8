import { describe, expect, it } from 'vitest';
import { createMemoryHistory } from '@tanstack/react-router';
import { createAppQueryClient, createAppRouter } from '../../../src/router';

// The app's router gives every route of the generated tree its full path.
const router = createAppRouter(createAppQueryClient(), { history: createMemoryHistory() });
/** What this test reads of a route. */
interface RouteFacts {
  fullPath: string;
  children?: object;
  options: { component?: unknown; staticData?: { pageTitle?: string | null } };
}
const routes = Object.values(router.routesById) as unknown as RouteFacts[];
// Pages: routes that render a screen of their own (not layouts, not redirects).
const pages = routes.filter((route) => route.options.component !== undefined && Object.keys(route.children ?? {}).length === 0);

describe('page titles', () => {
  it('finds the pages of the route table', () => {
    expect(pages.map((route) => route.fullPath)).toEqual(expect.arrayContaining(['/', '/users', '/spin', '/blog/', '/blog/$postId', '/admin/settings']));
  });

  // Driven by the generated route tree, so a page added later without a title fails here.
  it.each(pages.map((route) => [route.fullPath, route] as const))('%s names itself for the browser tab', (_path, route) => {
    expect(route.options.staticData?.pageTitle).toBeDefined();
  });
});
