import { describe, expect, it } from 'vitest';
import {
  EMPTY_QUALITY_HISTORY,
  addQualityReading,
  meanOpinionScore,
  qualityLabel,
  readNetworkFigures,
  type QualityHistory,
  type StatsReading,
} from '../../../../src/features/calls/call-quality';

/** A getStats() report as Chromium shapes it (times in seconds), with only the fields that matter here. */
function report({
  rtt = 0.05,
  jitter = 0.005,
  lost = 0,
  received = 1000,
  videoJitter = 0.03,
  pair = 'transport',
  remoteRtt,
}: {
  rtt?: number;
  jitter?: number;
  lost?: number;
  received?: number;
  videoJitter?: number;
  pair?: 'transport' | 'flag' | 'none';
  remoteRtt?: number[];
} = {}): StatsReading {
  const stats: Array<Record<string, unknown>> = [
    { id: 'IA1', type: 'inbound-rtp', kind: 'audio', jitter, packetsLost: Math.round(lost / 2), packetsReceived: Math.round(received / 2) },
    { id: 'IV1', type: 'inbound-rtp', kind: 'video', jitter: videoJitter, packetsLost: lost - Math.round(lost / 2), packetsReceived: received - Math.round(received / 2) },
    { id: 'CPold', type: 'candidate-pair', state: 'failed', currentRoundTripTime: 3 },
    { id: 'CP1', type: 'candidate-pair', state: 'succeeded', nominated: true, ...(pair === 'none' ? {} : { currentRoundTripTime: rtt }) },
    ...(pair === 'transport' ? [{ id: 'T1', type: 'transport', selectedCandidatePairId: 'CP1' }] : []),
    ...(remoteRtt ?? []).map((value, index) => ({ id: `RI${index}`, type: 'remote-inbound-rtp', roundTripTime: value })),
  ];
  return new Map(stats.map((stat) => [stat.id as string, stat]));
}

describe('network figures from two stats readings', () => {
  it('reads the round trip of the candidate pair in use, the audio jitter, and the loss since the last reading', () => {
    const previous = report({ lost: 10, received: 990 });
    const current = report({ rtt: 0.12, jitter: 0.02, lost: 40, received: 1460 });
    const figures = readNetworkFigures(previous, current);
    expect(figures.roundTripMs).toBeCloseTo(120);
    expect(figures.jitterMs).toBeCloseTo(20);
    // 30 lost of 500 expected since the last reading (not 40 of 1500 since the start).
    expect(figures.lossPercent).toBeCloseTo(6);
  });

  it('finds the pair by its flags when no transport names it, else the round trip the other side reports', () => {
    expect(readNetworkFigures(null, report({ rtt: 0.2, pair: 'flag' })).roundTripMs).toBeCloseTo(200);
    expect(readNetworkFigures(null, report({ pair: 'none', remoteRtt: [0.08, 0.3] })).roundTripMs).toBeCloseTo(300);
    expect(readNetworkFigures(null, report({ pair: 'none' })).roundTripMs).toBeNull();
  });

  it('counts from the call\'s start on the first reading, and never below no loss', () => {
    expect(readNetworkFigures(null, report({ lost: 50, received: 950 })).lossPercent).toBeCloseTo(5);
    // packetsLost can shrink (late duplicates).
    expect(readNetworkFigures(report({ lost: 20, received: 1000 }), report({ lost: 10, received: 1500 })).lossPercent).toBe(0);
    expect(readNetworkFigures(null, new Map()).lossPercent).toBeNull();
  });

  it('uses the video jitter when there is no audio', () => {
    const videoOnly = new Map([['IV1', { type: 'inbound-rtp', kind: 'video', jitter: 0.04, packetsLost: 0, packetsReceived: 100 }]]);
    expect(readNetworkFigures(null, videoOnly).jitterMs).toBeCloseTo(40);
  });
});

describe('the E-model score and its label', () => {
  it('scores a clean network good, loss and delay lower', () => {
    // Effective latency 25 + 10 + 10 = 45 ms: R = 93.2 - 1.125 = 92.075.
    const clean = meanOpinionScore({ roundTripMs: 50, jitterMs: 5, lossPercent: 0 });
    expect(clean).toBeCloseTo(4.386, 2);
    expect(qualityLabel(clean)).toBe('good');
    const lossy = meanOpinionScore({ roundTripMs: 50, jitterMs: 5, lossPercent: 6 });
    expect(lossy).toBeCloseTo(3.909, 2);
    expect(qualityLabel(lossy)).toBe('fair');
    expect(qualityLabel(meanOpinionScore({ roundTripMs: 50, jitterMs: 5, lossPercent: 15 }))).toBe('poor');
    // Past 160 ms effective latency the delay costs ten times more: 200 + 100 + 10 = 310 ms -> R = 74.2.
    expect(meanOpinionScore({ roundTripMs: 400, jitterMs: 50, lossPercent: 0 })).toBeCloseTo(3.787, 2);
    expect(qualityLabel(meanOpinionScore({ roundTripMs: 600, jitterMs: 50, lossPercent: 0 }))).toBe('poor');
  });

  it('stays between 1 and 4.5 however bad or good', () => {
    expect(meanOpinionScore({ roundTripMs: 5000, jitterMs: 500, lossPercent: 80 })).toBe(1);
    expect(meanOpinionScore({ roundTripMs: null, jitterMs: null, lossPercent: null })).toBeLessThanOrEqual(4.5);
    expect(meanOpinionScore({ roundTripMs: null, jitterMs: null, lossPercent: null })).toBeGreaterThan(4.3);
  });

  it('draws the lines at 4.0 and 3.5', () => {
    expect(qualityLabel(4.0)).toBe('good');
    expect(qualityLabel(3.99)).toBe('fair');
    expect(qualityLabel(3.5)).toBe('fair');
    expect(qualityLabel(3.49)).toBe('poor');
  });
});

describe('the label over the last three readings', () => {
  it('one bad reading lowers the label a step, three make it poor, and old readings drop out', () => {
    let history: QualityHistory = EMPTY_QUALITY_HISTORY;
    let received = 0;
    let lost = 0;
    const read = (lossPercent: number) => {
      // 1000 packets per reading, lossPercent of them lost.
      lost += lossPercent * 10;
      received += 1000 - lossPercent * 10;
      const next = addQualityReading(history, report({ lost, received }));
      history = next.history;
      return next.quality;
    };
    expect(read(0)).toBe('good');
    expect(read(0)).toBe('good');
    // (4.39 + 4.39 + 2.82) / 3 = 3.87.
    expect(read(15)).toBe('fair');
    expect(read(15)).toBe('poor');
    expect(read(15)).toBe('poor');
    expect(history.scores).toHaveLength(3);
    // Recovering takes as long: one bad reading left among three still reads fair.
    expect(read(0)).toBe('poor');
    expect(read(0)).toBe('fair');
    expect(read(0)).toBe('good');
  });
});
