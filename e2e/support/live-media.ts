import { expect, type Page } from '@playwright/test';
import { mediaOf } from './call-media';

/**
 * What the live-stream tests read of a viewer's WebRTC, on top of the
 * recorded peer connections of call-media.ts: a viewer's newest connection
 * is its subscription to the forwarder, and its inbound video is the host's.
 */

/** When (Date.now() in the page; the test runs on the same machine) a viewer's subscription appeared, connected and decoded its first frame. */
export interface FirstPicture {
  connectionAt: number;
  connectedAt: number;
  decodedAt: number;
}

/** Watches the page's newest open peer connection until it decodes a remote video frame, polling getStats; fails after `timeoutMs`. */
export function firstPicture(page: Page, timeoutMs = 15_000): Promise<FirstPicture> {
  return page.evaluate(async (limit) => {
    const pollMs = 50;
    const deadline = Date.now() + limit;
    let connectionAt: number | null = null;
    let connectedAt: number | null = null;
    while (Date.now() < deadline) {
      const connection = (window.__orbitPeerConnections ?? []).filter((made) => made.connectionState !== 'closed').at(-1);
      if (connection) {
        connectionAt ??= Date.now();
        if (connection.connectionState === 'connected') connectedAt ??= Date.now();
        let decoded = 0;
        (await connection.getStats()).forEach((entry: { type: string; kind?: string; framesDecoded?: number }) => {
          if (entry.type === 'inbound-rtp' && entry.kind === 'video') decoded += entry.framesDecoded ?? 0;
        });
        if (decoded > 0) {
          const decodedAt = Date.now();
          return { connectionAt, connectedAt: connectedAt ?? decodedAt, decodedAt };
        }
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    throw new Error(`no remote video frame decoded within ${limit} ms`);
  }, timeoutMs);
}

/** When a page's realtime connection sent each `live:watch` and received each `live:offer` (Date.now() here). */
interface SignallingTimes {
  watchSent: number[];
  offerReceived: number[];
}
const signallingTimes = new WeakMap<Page, SignallingTimes>();

/** Before the page loads: note the times of its `live:watch` commands and `live:offer` events, so a slow first picture says where the time went. */
export function recordLiveSignalling(page: Page): void {
  const times: SignallingTimes = { watchSent: [], offerReceived: [] };
  signallingTimes.set(page, times);
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/api/realtime/')) return;
    socket.on('framesent', (frame) => {
      if (String(frame.payload).includes('"live:watch"')) times.watchSent.push(Date.now());
    });
    socket.on('framereceived', (frame) => {
      if (String(frame.payload).includes('"live:offer"')) times.offerReceived.push(Date.now());
    });
  });
}

/** When the page first asked the server to watch (its `live:watch`) at or after `openedAt`. */
export function watchSentAt(page: Page, openedAt: number): number {
  const sent = signallingTimes.get(page)?.watchSent.find((at) => at >= openedAt);
  if (sent === undefined) throw new Error('the page never sent live:watch (was recordLiveSignalling called before it loaded?)');
  return sent;
}

/** How long from `openedAt` each step of a viewer's first picture took, for a failing assertion's message and the report. */
export function describeFirstPicture(page: Page, openedAt: number, picture: FirstPicture): string {
  const times = signallingTimes.get(page);
  const after = (list: number[] | undefined) => {
    const first = list?.find((at) => at >= openedAt);
    return first === undefined ? 'unseen' : `${first - openedAt} ms`;
  };
  return [
    `live:watch sent after ${after(times?.watchSent)}`,
    `live:offer received after ${after(times?.offerReceived)}`,
    `subscription made after ${picture.connectionAt - openedAt} ms`,
    `connected after ${picture.connectedAt - openedAt} ms`,
    `first frame decoded after ${picture.decodedAt - openedAt} ms`,
  ].join(', ');
}

/** The host's video reaches this viewer: its subscription is connected, and frames are decoded and keep being decoded. */
export async function expectWatching(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const report = await mediaOf(page);
        return report.state === 'connected' && report.framesDecoded > 0 ? 'decoding' : report;
      },
      { timeout: 15_000, message: "a connected subscription with the host's video decoded" },
    )
    .toBe('decoding');
  const before = (await mediaOf(page)).framesDecoded;
  await expect.poll(async () => (await mediaOf(page)).framesDecoded, { timeout: 5000, message: "the host's video keeps decoding" }).toBeGreaterThan(before);
  // And the member sees it: the video element has a picture.
  await expect
    .poll(() => page.getByLabel('Live video').evaluate((video: HTMLVideoElement) => video.videoWidth, undefined, { timeout: 1000 }), { timeout: 5000 })
    .toBeGreaterThan(0);
}
