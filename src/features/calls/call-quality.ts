import type { CallQuality } from '../../../machines/calls/video-call.machine';

/**
 * A call's quality label from the connection's own statistics
 * (RTCPeerConnection.getStats): round-trip time, jitter and packet loss turned
 * into a MOS-like score with the ITU-T E-model's simplified formula (as
 * LiveKit and others do), averaged over the last few readings so one bad
 * second does not flip the label. Pure: the caller hands in the reports.
 */

/** What is read of a stats report: RTCStatsReport is a map of stats objects by id. */
export type StatsReading = ReadonlyMap<string, unknown>;

export interface NetworkFigures {
  /** Milliseconds; null when the report has none yet. */
  roundTripMs: number | null;
  jitterMs: number | null;
  /** Packets lost among those expected since the previous reading, in percent. */
  lossPercent: number | null;
}

/** MOS from 1 (bad) to 4.5 (the best the E-model gives). */
export const MOS_GOOD = 4.0;
export const MOS_FAIR = 3.5;
/** How many readings the label is averaged over. */
export const QUALITY_SAMPLES = 3;

type Stat = Record<string, unknown>;

function statsOfType(report: StatsReading, type: string): Stat[] {
  const found: Stat[] = [];
  report.forEach((value) => {
    if (typeof value === 'object' && value !== null && (value as Stat).type === type) found.push(value as Stat);
  });
  return found;
}

const numberIn = (stat: Stat | undefined, key: string): number | null => {
  const value = stat?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** The candidate pair in use: the transport names it; older browsers only flag it. */
function selectedPair(report: StatsReading): Stat | undefined {
  for (const transport of statsOfType(report, 'transport')) {
    const id = transport.selectedCandidatePairId;
    const pair = typeof id === 'string' ? report.get(id) : undefined;
    if (typeof pair === 'object' && pair !== null) return pair as Stat;
  }
  const pairs = statsOfType(report, 'candidate-pair');
  return pairs.find((pair) => pair.selected === true) ?? pairs.find((pair) => pair.nominated === true && pair.state === 'succeeded');
}

function roundTripSeconds(report: StatsReading): number | null {
  const pairRtt = numberIn(selectedPair(report), 'currentRoundTripTime');
  if (pairRtt !== null) return pairRtt;
  // What the other side reports back about the media it receives from us.
  const remote = statsOfType(report, 'remote-inbound-rtp')
    .map((stat) => numberIn(stat, 'roundTripTime'))
    .filter((value): value is number => value !== null);
  return remote.length ? Math.max(...remote) : null;
}

function jitterSeconds(inbound: Stat[]): number | null {
  // The E-model is about the voice: the audio stream's jitter when there is one (video's counts frame bursts too).
  const audio = inbound.filter((stat) => stat.kind === 'audio').map((stat) => numberIn(stat, 'jitter'));
  const video = inbound.filter((stat) => stat.kind !== 'audio').map((stat) => numberIn(stat, 'jitter'));
  const values = (audio.some((value) => value !== null) ? audio : video).filter((value): value is number => value !== null);
  return values.length ? Math.max(...values) : null;
}

function packetTotals(inbound: Stat[]): { lost: number; received: number } {
  let lost = 0;
  let received = 0;
  for (const stat of inbound) {
    lost += numberIn(stat, 'packetsLost') ?? 0;
    received += numberIn(stat, 'packetsReceived') ?? 0;
  }
  return { lost, received };
}

/** The network figures between two consecutive readings (the first reading alone counts from the call's start). */
export function readNetworkFigures(previous: StatsReading | null, current: StatsReading): NetworkFigures {
  const inbound = statsOfType(current, 'inbound-rtp');
  const rtt = roundTripSeconds(current);
  const jitter = jitterSeconds(inbound);
  const now = packetTotals(inbound);
  const before = previous ? packetTotals(statsOfType(previous, 'inbound-rtp')) : { lost: 0, received: 0 };
  // packetsLost may go down (late duplicates): never below nothing lost.
  const lost = Math.max(0, now.lost - before.lost);
  const received = Math.max(0, now.received - before.received);
  return {
    roundTripMs: rtt === null ? null : rtt * 1000,
    jitterMs: jitter === null ? null : jitter * 1000,
    lossPercent: inbound.length && lost + received > 0 ? (lost / (lost + received)) * 100 : null,
  };
}

/** ITU-T G.107's E-model, simplified: a score from 1 to 4.5. Missing figures count as perfect. */
export function meanOpinionScore({ roundTripMs, jitterMs, lossPercent }: NetworkFigures): number {
  const effectiveLatency = (roundTripMs ?? 0) / 2 + 2 * (jitterMs ?? 0) + 10;
  const latencyPenalty = effectiveLatency < 160 ? effectiveLatency / 40 : (effectiveLatency - 120) / 10;
  const r = Math.min(100, Math.max(0, 93.2 - latencyPenalty - 2.5 * (lossPercent ?? 0)));
  const mos = 1 + 0.035 * r + 7e-6 * r * (r - 60) * (100 - r);
  return Math.min(4.5, Math.max(1, mos));
}

export function qualityLabel(mos: number): CallQuality {
  if (mos >= MOS_GOOD) return 'good';
  if (mos >= MOS_FAIR) return 'fair';
  return 'poor';
}

/** The readings so far: the last report (for the loss delta) and the last scores. */
export interface QualityHistory {
  previous: StatsReading | null;
  scores: readonly number[];
}

export const EMPTY_QUALITY_HISTORY: QualityHistory = { previous: null, scores: [] };

/** Takes one more reading: the new history and the label of the averaged score. */
export function addQualityReading(history: QualityHistory, report: StatsReading): { history: QualityHistory; quality: CallQuality; mos: number } {
  const score = meanOpinionScore(readNetworkFigures(history.previous, report));
  const scores = [...history.scores, score].slice(-QUALITY_SAMPLES);
  const mos = scores.reduce((sum, value) => sum + value, 0) / scores.length;
  return { history: { previous: report, scores }, quality: qualityLabel(mos), mos };
}
