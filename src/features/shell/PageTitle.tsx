import { useEffect, useRef } from 'react';
import { useMatches, useRouterState } from '@tanstack/react-router';
import { useAppName } from './useAppName';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * The page's name in the browser tab and history ('Discover' becomes
     * 'Discover · Orbit'); `null` where the screen names itself (a blog post
     * carries its own title); '' on Home, which the product's name and tagline
     * title, as in index.html. test/src/routes/page-titles.test.ts checks that
     * every page route has one.
     */
    pageTitle?: string | null;
  }
}

/** The title of the home page, as in index.html, with the configured name. */
export const homeTitle = (appName: string) => `${appName}: meet people near you`;
export const NOT_FOUND_TITLE = 'Page not found';
export const pageTitleFor = (pageTitle: string, appName: string) => `${pageTitle} · ${appName}`;

/**
 * Keeps the document title on the current page, and after a move to another
 * page puts focus on the main region: a screen reader then announces the new
 * page, and the next Tab starts in it instead of where the old page's link was.
 */
export function PageTitle({ mainId }: { mainId: string }) {
  const pageTitle = useMatches({
    select: (matches) => matches.map((match) => match.staticData.pageTitle).filter((title) => title !== undefined).at(-1),
  });
  const appName = useAppName();

  useEffect(() => {
    if (pageTitle === null) return;
    // No route names the page only when none matched: the not-found screen is showing.
    document.title = pageTitle === '' ? homeTitle(appName) : pageTitleFor(pageTitle ?? NOT_FOUND_TITLE, appName);
  }, [pageTitle, appName]);

  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const shownPathname = useRef(pathname);
  useEffect(() => {
    // The first page keeps the browser's own start; only a move within the app takes focus.
    if (shownPathname.current === pathname) return;
    shownPathname.current = pathname;
    document.getElementById(mainId)?.focus({ preventScroll: true });
  }, [pathname, mainId]);

  return null;
}
