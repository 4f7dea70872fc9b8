import { Workbox } from 'workbox-window';

// The app's service worker (src/service-worker/sw.ts): registered by the
// member's layer and the Download page once their page has loaded, never by a
// visitor's first page, whose budget it would spend.

const WORKER_URL = '/sw.js';

let workbox: Workbox | null = null;
const waitingListeners = new Set<() => void>();
let updateWaiting = false;

/** Whether this browser runs service workers, and this is a production build (dev and tests serve none). */
export function appWorkerAvailable(): boolean {
  return import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/** Registers the worker once per page; later calls get the same registration. */
export async function registerAppWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!appWorkerAvailable()) return undefined;
  if (!workbox) {
    workbox = new Workbox(WORKER_URL);
    // A new version installed while an older one controls the page: it waits for the member's "Reload".
    workbox.addEventListener('waiting', () => {
      updateWaiting = true;
      for (const listener of waitingListeners) listener();
    });
  }
  return workbox.register();
}

/** Calls `listener` when a new version is waiting (at once if one is); returns the unsubscribe. */
export function onUpdateWaiting(listener: () => void): () => void {
  waitingListeners.add(listener);
  if (updateWaiting) listener();
  return () => waitingListeners.delete(listener);
}

/** Lets the waiting version take over, and reloads the page into it once it controls. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
