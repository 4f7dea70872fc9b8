import { describe, expect, it } from 'vitest';
import { cpuPercent, forwarderRatio, largestPassing, perViewerCost, stepPassed, windowDelivery, type LiveStep } from '../../bench/lib/live-delivery';

// Two packets per frame, none lost unless a test says so.
const reading = (framesSent: number, audioSent: number, viewers: Array<[number, number, number?]>) => ({
  framesSent,
  videoPacketsSent: 2 * framesSent,
  audioSent,
  viewers: viewers.map(([frames, audio, videoPackets]) => ({ frames, audio, videoPackets: videoPackets ?? 2 * frames })),
});

function step(viewers: number, options: Partial<LiveStep> & { viewersShort?: number } = {}): LiveStep {
  return {
    viewers,
    connected: options.connected ?? viewers,
    seconds: 10,
    delivery: { framesSent: 300, audioSent: 500, minFrameShare: 1, meanFrameShare: 1, minVideoPacketShare: 1, minAudioShare: 1, viewersShort: options.viewersShort ?? 0 },
    forwarderCpuPercent: options.forwarderCpuPercent ?? 10,
    forwarderRssBytes: options.forwarderRssBytes ?? 100 * 1024 * 1024,
    clientsCpuPercent: 50,
    loadAverage: 1,
  };
}

describe('windowDelivery', () => {
  it('counts each viewer against the frames sent between the two readings', () => {
    const delivery = windowDelivery(reading(100, 200, [[90, 190], [95, 200]]), reading(400, 700, [[390, 690], [380, 640]]));
    expect(delivery.framesSent).toBe(300);
    expect(delivery.audioSent).toBe(500);
    expect(delivery.minFrameShare).toBeCloseTo(285 / 300);
    expect(delivery.meanFrameShare).toBeCloseTo((1 + 285 / 300) / 2);
    expect(delivery.minAudioShare).toBeCloseTo(440 / 500);
    expect(delivery.minVideoPacketShare).toBeCloseTo(285 / 300);
    // 285 of 300 is exactly 95%: not short.
    expect(delivery.viewersShort).toBe(0);
  });

  it('marks a viewer under 95% as short, and one that stopped receiving as having none', () => {
    const delivery = windowDelivery(reading(0, 0, [[0, 0], [0, 0], [0, 0]]), reading(300, 500, [[284, 500], [300, 500], [0, 0]]));
    expect(delivery.viewersShort).toBe(2);
    expect(delivery.minFrameShare).toBe(0);
  });

  it('shows packets lost inside frames that still counted', () => {
    const delivery = windowDelivery(reading(0, 0, [[0, 0, 0]]), reading(300, 500, [[300, 500, 540]]));
    expect(delivery.minFrameShare).toBe(1);
    expect(delivery.minVideoPacketShare).toBeCloseTo(0.9);
  });

  it('caps a share at 1 when frames in flight at the first reading land inside the window', () => {
    expect(windowDelivery(reading(0, 0, [[0, 0]]), reading(300, 500, [[303, 501]])).minFrameShare).toBe(1);
  });

  it('gives nothing sent a share of 0, so such a window cannot pass', () => {
    const delivery = windowDelivery(reading(10, 10, [[10, 10]]), reading(10, 10, [[10, 10]]));
    expect(delivery.minFrameShare).toBe(0);
    expect(delivery.viewersShort).toBe(1);
  });

  it('refuses readings in the wrong order', () => {
    expect(() => windowDelivery(reading(10, 0, []), reading(5, 0, []))).toThrow('older');
  });
});

describe('stepPassed and largestPassing', () => {
  it('needs every viewer connected and none short', () => {
    expect(stepPassed(step(10))).toBe(true);
    expect(stepPassed(step(10, { connected: 9 }))).toBe(false);
    expect(stepPassed(step(10, { viewersShort: 1 }))).toBe(false);
  });

  it('takes the last passing step before the first failure', () => {
    expect(largestPassing([step(5), step(10), step(20, { viewersShort: 3 }), step(40)])?.viewers).toBe(10);
    expect(largestPassing([step(5, { connected: 4 }), step(10)])).toBeUndefined();
    expect(largestPassing([])).toBeUndefined();
  });
});

describe('perViewerCost', () => {
  it('divides what the step adds over the publisher alone by its viewers', () => {
    const baseline = { forwarderCpuPercent: 4, forwarderRssBytes: 80 * 1024 * 1024 };
    expect(perViewerCost(baseline, step(20, { forwarderCpuPercent: 44, forwarderRssBytes: 80 * 1024 * 1024 + 20 * 300 * 1024 }))).toEqual({ cpuPercent: 2, rssKb: 300 });
  });

  it('refuses a step without viewers', () => {
    expect(() => perViewerCost({ forwarderCpuPercent: 0, forwarderRssBytes: 0 }, step(0))).toThrow('viewers');
  });
});

describe('cpuPercent', () => {
  it('is CPU time over wall time, as % of one core', () => {
    expect(cpuPercent(1000, 1500, 1000)).toBe(50);
    expect(cpuPercent(0, 15_000, 10_000)).toBe(150);
    expect(() => cpuPercent(0, 1, 0)).toThrow();
  });
});

describe('forwarderRatio', () => {
  it('meets the target when werift reaches at least half of Janus', () => {
    expect(forwarderRatio(40, 80)).toEqual({ ratio: 0.5, met: true });
    expect(forwarderRatio(20, 80)).toEqual({ ratio: 0.25, met: false });
    expect(forwarderRatio(60, 40)).toEqual({ ratio: 1.5, met: true });
  });

  it('fails when either side reached no viewer: there is nothing to compare', () => {
    expect(forwarderRatio(40, 0)).toEqual({ ratio: Number.NaN, met: false });
    expect(forwarderRatio(0, 40)).toEqual({ ratio: Number.NaN, met: false });
    expect(forwarderRatio(0, 0)).toEqual({ ratio: Number.NaN, met: false });
  });
});
