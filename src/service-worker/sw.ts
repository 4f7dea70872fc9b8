/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { readPushPayload } from './push-payload';

// Orbit's service worker (issue 51): the app shell opens offline, later
// screens' files are kept once fetched, pushes become notifications, and a new
// version waits for the member to choose "Reload".

declare const self: ServiceWorkerGlobalScope;

// The shell: index.html and what every page loads (the build lists them, with their hashes).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any address of the app opens the cached shell when offline; the API, the
// realtime channel and the API docs are never answered from here.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/socket\.io\//, /^\/docs\//] }));

// Later screens' files, once fetched: content-hashed, so a kept copy is never stale.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.destination !== 'document',
  new CacheFirst({ cacheName: 'orbit-assets', plugins: [new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })] }),
);

// A new version takes over only when the page says so (its "Reload" button, through workbox-window's messageSkipWaiting).
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

self.addEventListener('push', (event) => {
  const payload = readPushPayload(event.data?.text());
  // Chromium counts a push without a notification against the site: an unreadable one still says something.
  const { title, body, tag, url } = payload ?? { title: 'Orbit', body: 'You have news in Orbit', tag: 'orbit', url: '/' };
  event.waitUntil(self.registration.showNotification(title, { body, tag, data: { url }, icon: '/icons/icon-192.png', badge: '/icons/icon-192.png' }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const path = typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // An open Orbit tab goes to the screen; otherwise a new one opens there.
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
