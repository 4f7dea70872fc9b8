import { expect, type Page } from '@playwright/test';

/**
 * What the video-call tests read of a page's WebRTC: every RTCPeerConnection
 * it makes is recorded (window.__orbitPeerConnections), so a test can judge
 * real media by its statistics rather than by the screen.
 */

/** How long the e2e server lets a call ring (its CALL_RING_MS, set in playwright.config.ts): seconds, not the real 30. */
export const E2E_CALL_RING_MS = 8000;

declare global {
  interface Window {
    __orbitPeerConnections?: RTCPeerConnection[];
  }
}

/** Before the page loads: record each peer connection; with `relay`, force TURN only (iceTransportPolicy 'relay'), as for a member behind a strict NAT. */
export async function recordPeerConnections(page: Page, options: { relay?: boolean } = {}): Promise<void> {
  await page.addInitScript((relay: boolean) => {
    const Native = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    window.__orbitPeerConnections = made;
    const forced = (configuration?: RTCConfiguration): RTCConfiguration | undefined =>
      relay ? { ...configuration, iceTransportPolicy: 'relay' } : configuration;
    window.RTCPeerConnection = class extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(forced(configuration));
        made.push(this);
      }
      override setConfiguration(configuration?: RTCConfiguration) {
        super.setConfiguration(forced(configuration));
      }
    };
  }, options.relay ?? false);
}

export interface MediaReport {
  /** Peer connections the page has made so far. */
  connections: number;
  state: RTCPeerConnectionState | null;
  /** Remote video frames decoded (getStats inbound-rtp, kind video). */
  framesDecoded: number;
  /** 'host', 'srflx', 'prflx' or 'relay': the selected candidate pair's local candidate. */
  localCandidateType: string | null;
}

/** The page's newest peer connection: its state, the remote video frames it decoded, and its selected local candidate's type. */
export function mediaOf(page: Page): Promise<MediaReport> {
  return page.evaluate(async () => {
    interface Entry {
      type: string;
      kind?: string;
      framesDecoded?: number;
      selectedCandidatePairId?: string;
      localCandidateId?: string;
      candidateType?: string;
    }
    const made = window.__orbitPeerConnections ?? [];
    const connection = made.at(-1);
    if (!connection) return { connections: 0, state: null, framesDecoded: 0, localCandidateType: null };
    const report = await connection.getStats();
    const entries = new Map<string, Entry>();
    report.forEach((value: Entry, id: string) => entries.set(id, value));
    let framesDecoded = 0;
    let localCandidateType: string | null = null;
    for (const entry of entries.values()) {
      if (entry.type === 'inbound-rtp' && entry.kind === 'video') framesDecoded += entry.framesDecoded ?? 0;
      if (entry.type === 'transport' && entry.selectedCandidatePairId) {
        const pair = entries.get(entry.selectedCandidatePairId);
        localCandidateType = (pair?.localCandidateId && entries.get(pair.localCandidateId)?.candidateType) || null;
      }
    }
    return { connections: made.length, state: connection.connectionState, framesDecoded, localCandidateType };
  });
}

/** Real video reaches this page: connected, frames decoded and still being decoded a moment later (and, with `via`, over that candidate type). */
export async function expectLiveVideo(page: Page, options: { via?: 'relay' | 'host' } = {}): Promise<void> {
  await expect
    .poll(
      async () => {
        const report = await mediaOf(page);
        return report.state === 'connected' && report.framesDecoded > 0 ? 'live' : report;
      },
      { timeout: 15_000, message: 'a connected peer connection with decoded remote video' },
    )
    .toBe('live');
  const before = (await mediaOf(page)).framesDecoded;
  await expect.poll(async () => (await mediaOf(page)).framesDecoded, { timeout: 5000, message: 'remote video keeps decoding' }).toBeGreaterThan(before);
  if (options.via) expect((await mediaOf(page)).localCandidateType).toBe(options.via);
}

/** Every peer connection the page made is closed: the call let go of the network. */
export async function expectNoOpenConnection(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window.__orbitPeerConnections ?? []).map((connection) => connection.connectionState).filter((state) => state !== 'closed')), {
      message: 'no peer connection left open',
    })
    .toEqual([]);
}
