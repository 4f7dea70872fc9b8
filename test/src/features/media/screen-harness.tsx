import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { LocalMediaSession } from '../../../../src/features/media/local-media';
import { ThemeRoot } from '../../../../src/ui/ThemeRoot';

/**
 * Mounts one screen, as its route would, at `/screen` in a memory router
 * (so links render and navigation can be observed) with a fresh query
 * client. Every other path renders a marker naming it.
 */
export function renderScreen(ui: ReactElement, { queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }) } = {}) {
  const rootRoute = createRootRoute({ component: Outlet });
  const screenRoute = createRoute({ getParentRoute: () => rootRoute, path: '/screen', component: () => ui });
  const elsewhere = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: function Elsewhere() {
      return <p data-testid="elsewhere">Left for {router.state.location.pathname}</p>;
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([screenRoute, elsewhere]),
    history: createMemoryHistory({ initialEntries: ['/screen'] }),
  });
  const view = render(
    <ThemeRoot>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeRoot>,
  );
  return { ...view, router, queryClient };
}

/**
 * Wraps a harness inspector so that it also hands back the root actor the
 * screen created (the one without a parent), without the screen exposing it.
 */
export function captureRootActor(inspect: (event: InspectionEvent) => void) {
  let root: AnyActorRef | undefined;
  return {
    inspect: (event: InspectionEvent) => {
      if (!root && event.type === '@xstate.actor' && event.actorRef.sessionId === event.rootId) root = event.actorRef as AnyActorRef;
      inspect(event);
    },
    async actor(): Promise<AnyActorRef> {
      await waitFor(() => expect(root).toBeDefined());
      if (!root) throw new Error('The screen created no actor');
      return root;
    },
  };
}

/** The path the router is on: `/screen` until the screen navigates away. */
export function currentPath(router: ReturnType<typeof renderScreen>['router']): string {
  return router.state.location.pathname;
}

export { screen };

/*
 * Quick lookups for model tests, which make hundreds of checks per path:
 * Testing Library's role queries compute accessible names for the whole
 * document each time and would take minutes. These read the same ARIA
 * attributes and visible text directly.
 */

const normalise = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The one element matching `selector` (an error names the selector when there is none or several). */
export function one(selector: string, root: ParentNode = document): HTMLElement {
  const found = root.querySelectorAll<HTMLElement>(selector);
  if (found.length !== 1) throw new Error(`Expected one element for ${selector}, found ${found.length}`);
  return found[0]!;
}

export function none(selector: string, root: ParentNode = document): void {
  const found = root.querySelectorAll(selector).length;
  if (found) throw new Error(`Expected no element for ${selector}, found ${found}`);
}

/** The button (or link) a person would call `name`: its aria-label, else its visible text. */
export function control(name: string, root: ParentNode = document): HTMLElement {
  const matches = [...root.querySelectorAll<HTMLElement>('button, a')].filter(
    (element) => (element.getAttribute('aria-label') ?? normalise(element.textContent)) === name,
  );
  if (matches.length !== 1) throw new Error(`Expected one control named "${name}", found ${matches.length}`);
  return matches[0]!;
}

export function hasControl(name: string, root: ParentNode = document): boolean {
  return [...root.querySelectorAll<HTMLElement>('button, a')].some((element) => (element.getAttribute('aria-label') ?? normalise(element.textContent)) === name);
}

/** The whole text of `root` on one line, as a reader would meet it. */
export function textOf(root: ParentNode = document.body): string {
  return normalise(root.textContent);
}

/** What a call or stream asked of the camera and microphone. */
export type MediaEffect = ['microphone', boolean] | ['camera', boolean] | ['release'];

/**
 * A media session with no real devices (the model harness settles its start)
 * that reports every request made of the tracks.
 */
export function recordingMediaSession(record: (effect: MediaEffect) => void): LocalMediaSession {
  const session = new LocalMediaSession(undefined);
  vi.spyOn(session, 'setAudioEnabled').mockImplementation((enabled) => record(['microphone', enabled]));
  vi.spyOn(session, 'setVideoEnabled').mockImplementation((enabled) => record(['camera', enabled]));
  vi.spyOn(session, 'release').mockImplementation(() => record(['release']));
  return session;
}
