import { round } from './stats';

// Pure accounting for the live bench (bench/parts/live.ts): how many of the
// publisher's frames each viewer received in a measured window, whether a
// viewer-count step passed, the largest passing step, and what each viewer
// cost the forwarder. Counters are cumulative; a window is the difference
// between two readings.

/** A step passes when every viewer received at least this share of the frames sent in its window. */
export const DELIVERY_THRESHOLD = 0.95;

/** Cumulative counters read at one moment. */
export interface CounterReading {
  /** Video frames the publisher had sent. */
  framesSent: number;
  /** Video RTP packets the publisher had sent. */
  videoPacketsSent: number;
  /** Audio packets the publisher had sent. */
  audioSent: number;
  /** Per viewer (same order in both readings of a window): video frames, video packets and audio packets received. */
  viewers: ReadonlyArray<{ frames: number; videoPackets: number; audio: number }>;
}

export interface WindowDelivery {
  framesSent: number;
  audioSent: number;
  /** Lowest share of the window's frames any viewer received (0 with no frames sent, 1 with no viewers). */
  minFrameShare: number;
  meanFrameShare: number;
  /** Lowest share of the video packets (a frame counts when its last packet arrives, so a lost middle packet shows only here). */
  minVideoPacketShare: number;
  minAudioShare: number;
  /** Viewers under DELIVERY_THRESHOLD of the frames. */
  viewersShort: number;
}

/** Share of `sent` that `received` is, capped at 1 (a frame in flight at the first reading can land inside the window). */
function share(received: number, sent: number): number {
  if (sent <= 0) return 0;
  return Math.min(1, Math.max(0, received) / sent);
}

/**
 * Delivery over a window from two readings. Viewers must be listed in the
 * same order in both; a viewer missing from `end` counts as having received
 * nothing more.
 */
export function windowDelivery(start: CounterReading, end: CounterReading): WindowDelivery {
  const framesSent = end.framesSent - start.framesSent;
  const audioSent = end.audioSent - start.audioSent;
  const videoPacketsSent = end.videoPacketsSent - start.videoPacketsSent;
  if (framesSent < 0 || audioSent < 0 || videoPacketsSent < 0) throw new Error('the end reading is older than the start reading');
  const frameShares = start.viewers.map((viewer, index) => share((end.viewers[index]?.frames ?? viewer.frames) - viewer.frames, framesSent));
  const packetShares = start.viewers.map((viewer, index) =>
    share((end.viewers[index]?.videoPackets ?? viewer.videoPackets) - viewer.videoPackets, videoPacketsSent),
  );
  const audioShares = start.viewers.map((viewer, index) => share((end.viewers[index]?.audio ?? viewer.audio) - viewer.audio, audioSent));
  const total = frameShares.reduce((sum, value) => sum + value, 0);
  return {
    framesSent,
    audioSent,
    minFrameShare: frameShares.length === 0 ? 1 : Math.min(...frameShares),
    meanFrameShare: frameShares.length === 0 ? 1 : total / frameShares.length,
    minVideoPacketShare: packetShares.length === 0 ? 1 : Math.min(...packetShares),
    minAudioShare: audioShares.length === 0 ? 1 : Math.min(...audioShares),
    viewersShort: frameShares.filter((value) => value < DELIVERY_THRESHOLD).length,
  };
}

/** One viewer-count step of one forwarder, as measured. */
export interface LiveStep {
  viewers: number;
  /** Viewers that reached the first frame before the window; the rest count as receiving nothing. */
  connected: number;
  seconds: number;
  delivery: WindowDelivery;
  /** The forwarder's CPU over the window, in % of one core (100 = one core busy all the time). */
  forwarderCpuPercent: number;
  /** The forwarder's VmRSS at the end of the window, in bytes. */
  forwarderRssBytes: number;
  /** The client processes' CPU over the window (publisher and viewers together), in % of one core. */
  clientsCpuPercent: number;
  /** The machine's one-minute load average at the window's end: other work there lowers the figures. */
  loadAverage: number;
}

export function stepPassed(step: LiveStep): boolean {
  return step.connected === step.viewers && step.delivery.framesSent > 0 && step.delivery.viewersShort === 0;
}

/** The last step of the ascending run before the first failure, or undefined when the first step failed. */
export function largestPassing(steps: readonly LiveStep[]): LiveStep | undefined {
  let passing: LiveStep | undefined;
  for (const step of steps) {
    if (!stepPassed(step)) break;
    passing = step;
  }
  return passing;
}

export interface PerViewerCost {
  /** Extra CPU per viewer, in % of one core. */
  cpuPercent: number;
  /** Extra VmRSS per viewer, in KB (1,024 bytes). */
  rssKb: number;
}

/**
 * What each viewer adds: the difference between a step and the baseline
 * (the publisher alone) divided by the step's viewers.
 */
export function perViewerCost(baseline: Pick<LiveStep, 'forwarderCpuPercent' | 'forwarderRssBytes'>, step: LiveStep): PerViewerCost {
  if (step.viewers <= 0) throw new Error('a step with viewers is needed for a per-viewer cost');
  return {
    cpuPercent: round((step.forwarderCpuPercent - baseline.forwarderCpuPercent) / step.viewers, 2),
    rssKb: round((step.forwarderRssBytes - baseline.forwarderRssBytes) / step.viewers / 1024, 0),
  };
}

/** CPU used between two readings of a process's CPU time (ms), as % of one core over the wall time (ms). */
export function cpuPercent(cpuStartMs: number, cpuEndMs: number, wallMs: number): number {
  if (wallMs <= 0) throw new Error('the window must last some time');
  return round((100 * (cpuEndMs - cpuStartMs)) / wallMs, 1);
}

/** werift's largest passing viewer count against Janus's, and whether it reaches the target (at least half). */
export function forwarderRatio(weriftViewers: number, janusViewers: number): { ratio: number; met: boolean } {
  // A side that reached no viewer measured nothing to compare: the target is not met, whichever side it was.
  if (janusViewers <= 0 || weriftViewers <= 0) return { ratio: Number.NaN, met: false };
  const ratio = weriftViewers / janusViewers;
  return { ratio: round(ratio, 2), met: ratio >= 0.5 };
}
