import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { janusMissingReason } from '../../test/live-media/janus-host';
import { DELIVERY_THRESHOLD, forwarderRatio, largestPassing, perViewerCost, stepPassed, type LiveStep } from '../lib/live-delivery';
import type { ForwarderKind } from '../lib/live-forwarder-host';
import type { ForwarderRun, LiveLoadResult, LiveLoadSettings } from '../lib/live-load';
import { runInTestHost, whyNoTestHost } from '../lib/test-host-child';
import type { BenchContext, BenchPart, PartOutcome } from './part';

// Live streams (issue 39): how many viewers one publisher can have on each
// of Orbit's media forwarders, werift (in Node) and Janus's VideoRoom, on this
// machine, and what each viewer costs the forwarder. The measuring half
// (bench/lib/live-load.ts) runs in a test host (a network namespace with the
// h0/h1 veth pair of scripts/test-host-network.mjs: werift and Janus gather
// no candidates on loopback), with werift clients as publisher and viewers.

const LOAD_ENTRY = fileURLToPath(new URL('../lib/live-load.ts', import.meta.url));
/** The part's own cap, so `--parts live` stays near 5 minutes whatever budget run.ts gives it. */
const PART_BUDGET_MS = 300_000;
/** Kept back for starting and stopping the processes. */
const CHILD_MARGIN_MS = 15_000;
const FORWARDERS: ForwarderKind[] = ['werift', 'janus'];
/** Above this much of its one core, a process is the likely limit of a failing step. */
const SATURATED_PERCENT = 90;

/**
 * The run's settings; BENCH_LIVE_STEPS (e.g. "2,4") and BENCH_LIVE_WINDOW_MS
 * shorten it while developing, BENCH_LIVE_VIEWERS_DECRYPT=1 gives viewers
 * werift's whole SRTP receive path.
 */
function settingsFor(forwarders: ForwarderKind[]): LiveLoadSettings {
  const steps = process.env.BENCH_LIVE_STEPS?.split(',').map(Number).filter((count) => Number.isInteger(count) && count > 0);
  const windowMs = Number(process.env.BENCH_LIVE_WINDOW_MS);
  return {
    forwarders,
    steps: steps?.length ? steps : [5, 10, 20, 40, 60, 80, 120, 160, 200, 250, 300],
    // 5 packets of 1,000 bytes a frame at 30 fps: 1.2 Mbit/s of VP8 payload, a 720p camera's rate.
    fps: 30,
    packetsPerFrame: 5,
    packetBytes: 1000,
    warmupMs: 2_000,
    windowMs: Number.isFinite(windowMs) && windowMs > 0 ? windowMs : 10_000,
    baselineMs: 3_000,
    firstFrameTimeoutMs: 15_000,
    subscribeConcurrency: 8,
    viewersDecrypt: process.env.BENCH_LIVE_VIEWERS_DECRYPT === '1',
  };
}

/** Runs bench/lib/live-load.ts in a test host, its progress lines passed to the log. */
function runLoad(context: BenchContext, settings: LiveLoadSettings, budgetMs: number): Promise<LiveLoadResult> {
  return runInTestHost<LiveLoadResult>((line) => context.log(line), LOAD_ENTRY, [String(Math.round(budgetMs)), JSON.stringify(settings)]);
}

type Row = [string, string, string, string];

const percentText = (share: number) => `${(100 * share).toFixed(1)}%`;
const megabytes = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
const yesNo = (met: boolean) => (met ? 'yes' : 'no');

/** What limited a failing step, from its processes' CPU. */
function limitOf(step: LiveStep, pinned: boolean): string {
  const forwarderBusy = step.forwarderCpuPercent >= SATURATED_PERCENT;
  // Pinned, the clients share one core; otherwise the scheduler gave them what the forwarder left of two.
  const clientsBusy = step.clientsCpuPercent >= (pinned ? SATURATED_PERCENT : 2 * 100 - step.forwarderCpuPercent - 10);
  if (forwarderBusy && clientsBusy) return 'both the forwarder and the clients were busy';
  if (forwarderBusy) return 'the forwarder was busy';
  if (clientsBusy) return 'the werift clients were busy: the figure is a lower bound of the forwarder';
  // Both had CPU to spare, so time went to other work on the machine (its load average says how much).
  return `neither the forwarder nor the clients were at their core (load average ${step.loadAverage}: other work on the machine)`;
}

interface ForwarderSummary {
  kind: ForwarderKind;
  largest: number;
  /** Whether the last step run passed (the forwarder's limit is higher than the steps went). */
  ranOut: boolean;
  /** Whether the limit found is where the clients, not the forwarder, ran out. */
  clientBound: boolean;
  rows: Row[];
  data: Record<string, unknown>;
}

function summarise(run: ForwarderRun, pinned: boolean): ForwarderSummary {
  const rows: Row[] = [];
  const target = `every viewer >= ${100 * DELIVERY_THRESHOLD}% of frames`;
  const passing = largestPassing(run.steps);
  const failing = run.steps.find((step) => !stepPassed(step));
  const ranOut = failing === undefined && run.steps.length > 0;
  const limit = failing ? limitOf(failing, pinned) : '';
  const name = run.kind === 'werift' ? 'werift' : 'Janus';
  if (run.error && run.steps.length === 0) {
    rows.push([`${name}: largest viewer count with ${target}`, `failed: ${run.error}`, 'reported', '-']);
    return { kind: run.kind, largest: 0, ranOut: false, clientBound: false, rows, data: { ...run } };
  }
  const stopped =
    run.stoppedBy === 'failed' && failing
      ? `; at ${failing.viewers} the lowest viewer got ${percentText(failing.delivery.minFrameShare)} (${failing.delivery.viewersShort} under ${100 * DELIVERY_THRESHOLD}%${failing.connected < failing.viewers ? `, ${failing.viewers - failing.connected} never had a frame` : ''}): ${limit}`
      : run.stoppedBy === 'time'
        ? '; the time ran out before the next step'
        : run.stoppedBy === 'error'
          ? `; stopped by an error: ${run.error ?? ''}`
          : ' (the highest step run; the limit was not reached)';
  rows.push([`${name}: largest viewer count with ${target}`, passing ? `${passing.viewers} viewers${stopped}` : `under ${run.steps[0]?.viewers ?? '?'} viewers${stopped}`, 'reported', '-']);
  let perViewer: ReturnType<typeof perViewerCost> | undefined;
  if (passing) {
    rows.push([
      `${name} at ${passing.viewers} viewers: forwarder CPU and memory`,
      `${passing.forwarderCpuPercent}% of a core, ${megabytes(passing.forwarderRssBytes)} RSS (publisher alone: ${run.baseline?.forwarderCpuPercent ?? '?'}%, ${run.baseline ? megabytes(run.baseline.forwarderRssBytes) : '?'}); clients ${passing.clientsCpuPercent}%`,
      'reported',
      '-',
    ]);
    if (run.baseline) {
      perViewer = perViewerCost(run.baseline, passing);
      const clientsPerViewer = Math.round((100 * (passing.clientsCpuPercent - run.baseline.clientsCpuPercent)) / passing.viewers) / 100;
      rows.push([
        `${name}: forwarder cost per viewer (at ${passing.viewers} against the publisher alone)`,
        `${perViewer.cpuPercent}% of a core, ${perViewer.rssKb.toLocaleString('en-US')} KB RSS (the clients: ${clientsPerViewer}% of a core per viewer)`,
        'reported',
        '-',
      ]);
    }
  }
  for (const step of run.steps) {
    rows.push([
      `  ${name}, ${step.viewers} viewers, ${step.seconds} s`,
      `lowest viewer ${percentText(step.delivery.minFrameShare)} of ${step.delivery.framesSent} frames (mean ${percentText(step.delivery.meanFrameShare)}; video packets ${percentText(step.delivery.minVideoPacketShare)}, audio ${percentText(step.delivery.minAudioShare)})` +
        `${step.connected < step.viewers ? `, ${step.viewers - step.connected} without a first frame` : ''}; forwarder ${step.forwarderCpuPercent}% CPU, ${megabytes(step.forwarderRssBytes)}; clients ${step.clientsCpuPercent}% CPU`,
      target,
      yesNo(stepPassed(step)),
    ]);
  }
  return {
    kind: run.kind,
    largest: passing?.viewers ?? 0,
    ranOut,
    clientBound: failing !== undefined && limit.startsWith('the werift clients'),
    rows,
    data: { ...run, largestPassing: passing?.viewers ?? 0, perViewer, limit: limit || undefined },
  };
}

export const livePart: BenchPart = {
  name: 'live',
  measures: ['server/live', 'package-lock.json', 'bench/parts/live.ts', 'bench/lib'],
  description: 'live streams: one publisher and werift viewers on the werift forwarder and on Janus, the largest viewer count with every viewer >= 95% of frames, and the forwarder CPU and memory per viewer',
  weight: 1.5,
  async run(context): Promise<PartOutcome> {
    const headers = ['measure', 'result', 'target', 'met'];
    const noTestHost = whyNoTestHost();
    if (noTestHost) {
      return {
        table: { headers, rows: [['viewers per forwarder', `skipped: ${noTestHost}`, 'werift >= half of Janus', '-']] },
        notes: [`Skipped: ${noTestHost}. The part needs root and unshare, so WebRTC media stays inside a network namespace of its own.`],
        data: { skipped: noTestHost },
      };
    }
    const janusMissing = janusMissingReason();
    const forwarders = janusMissing ? FORWARDERS.filter((kind) => kind !== 'janus') : FORWARDERS;
    const settings = settingsFor(forwarders);
    const budgetMs = Math.min(PART_BUDGET_MS, context.deadline - performance.now()) - CHILD_MARGIN_MS;
    context.log(`  ${forwarders.join(' and ')}: viewers in steps of ${settings.steps.join(', ')} inside a test host (h0/h1), ${Math.round(budgetMs / 1000)} s`);
    const result = await runLoad(context, settings, budgetMs);

    const summaries = result.runs.map((run) => summarise(run, result.pinned));
    const rows: Row[] = summaries.flatMap((summary) => summary.rows);
    const werift = summaries.find((summary) => summary.kind === 'werift');
    const janus = summaries.find((summary) => summary.kind === 'janus');
    let ratio: ReturnType<typeof forwarderRatio> | undefined;
    if (werift && janus) {
      ratio = forwarderRatio(werift.largest, janus.largest);
      const caveat =
        werift.ranOut && janus.ranOut
          ? ' (both passed every step: neither limit was reached)'
          : janus.ranOut
            ? ' (Janus passed every step: its limit is higher)'
            : janus.clientBound
              ? ' (Janus stopped where the werift clients ran out: its own limit may be higher)'
              : werift.ranOut
                ? ' (werift passed every step: its limit is higher)'
                : '';
      rows.unshift([
        'werift viewers / Janus viewers on this machine',
        `${Number.isFinite(ratio.ratio) ? ratio.ratio : '-'} (${werift.largest} / ${janus.largest})${caveat}`,
        '>= 0.5',
        yesNo(ratio.met),
      ]);
    } else if (janusMissing) {
      rows.unshift(['werift viewers / Janus viewers on this machine', `Janus skipped: ${janusMissing}`, '>= 0.5', '-']);
    }

    const placement = result.runs.map((run) => `${run.kind}: ${run.placement || 'not started'}`).join('; ');
    const failures = result.runs.filter((run) => run.subscribeFailures > 0).map((run) => `${run.kind}: ${run.subscribeFailures} (${run.subscribeFailureSample ?? ''})`);
    const notes = [
      `Method: one stream, one publisher and N viewers, each a werift 0.24 peer connection (test/support/werift-peer.ts) to Orbit's MediaForwarder (server/live/media/forwarder.ts) as the server builds it: werift inside an Orbit API server as production runs it (bench/lib/live-forwarder-host.ts: buildApp with its default live settings, an embedded database, listening; its app.live.forwarder), or createJanusForwarder talking to a private Janus (test/live-media/janus-host.ts: VideoRoom, WebSockets API, candidates on h0). ` +
        `Everything runs in a test host: a network namespace (unshare -n) with loopback and the veth pair h0/h1 (10.213.0.1/.2, scripts/test-host-network.mjs), because werift and Janus gather no candidates on loopback; no packet leaves the machine. Descriptions are complete (non-trickle), as Orbit exchanges them.`,
      `The publisher sends synthetic VP8 at ${settings.fps} fps, ${settings.packetsPerFrame} RTP packets of ${settings.packetBytes.toLocaleString('en-US')} bytes a frame (${((settings.fps * settings.packetsPerFrame * settings.packetBytes * 8) / 1e6).toFixed(1)} Mbit/s of payload, as a 720p camera sends), a keyframe every 2 s and on each PLI, and 80-byte audio packets at 50 a second. ` +
        `Viewers are added in steps (${settings.steps.join(', ')}), ${settings.subscribeConcurrency} set-ups at a time, each subscribe -> answer -> first frame within ${settings.firstFrameTimeoutMs / 1000} s; the viewers of earlier steps stay. Each step is held ${settings.warmupMs / 1000} s unmeasured, then ${settings.windowMs / 1000} s measured.`,
      `A frame counts for a viewer when its last packet (RTP marker bit) arrives; a viewer's share is its frames received in the window over the frames the publisher sent in it (both read at the window's start and end, so in-flight frames can shift a share by a frame or two; capped at 100%). ` +
        `A step passes when every viewer connected and got at least ${100 * DELIVERY_THRESHOLD}% of the frames; the steps stop at the first that does not. Video packet and audio shares are shown beside it but do not decide.`,
      `CPU: the forwarder's process, every thread, from /proc/<pid>/stat over the window, as % of one core (werift: the API server's process, forwarding included; no request reaches its HTTP routes meanwhile, so busier API work would lower werift's figure; Janus: the janus process, not the small Node process holding its API session). Memory: VmRSS (/proc/<pid>/status) at the window's end. ` +
        `Per viewer: (the figure at the largest passing step - the figure with the publisher alone, ${settings.baselineMs / 1000} s) / that step's viewers. "clients" is the publisher's and viewers' processes' CPU together.`,
      (settings.viewersDecrypt
        ? 'Viewers ran werift\'s whole receive path, SRTP decryption included (BENCH_LIVE_VIEWERS_DECRYPT=1). '
        : 'Viewers count frames from the RTP header, which SRTP leaves in the clear: once connected, each viewer\'s werift connection skips SRTP decryption and authentication (ICE, DTLS, RTCP and the rest of the receive path stay werift\'s; bench/lib/live-clients.ts), so a viewer costs the clients less than a werift forwarder spends sending to it (BENCH_LIVE_VIEWERS_DECRYPT=1 keeps decryption). ') +
        `Still, the clients and the forwarder share a machine of 2 cores: ${result.pinned ? `the forwarder ran on one core and every client on the other (taskset; ${placement})` : `nothing was pinned (${placement})`}. ` +
        `A failing step names which side was above ${SATURATED_PERCENT}% of its core; a limit that the clients set is a lower bound of the forwarder's. The load average at each window's end is in results.json: other work on the machine lowers the figures.`,
      `Janus runs as its documentation advises for many subscribers: event_loops = ${result.pinned ? 1 : availableParallelism()}, a fixed set of event loops shared by all handles, one per core it is given (its default, 0, gives every handle a thread of its own).`,
      ...(failures.length ? [`Subscriptions that failed: ${failures.join('; ')}.`] : []),
      ...(janusMissing ? [`Janus skipped: ${janusMissing}.`] : []),
    ];
    return {
      table: { headers, rows },
      notes,
      data: { settings: result.settings, pinned: result.pinned, ratio, forwarders: Object.fromEntries(summaries.map((summary) => [summary.kind, summary.data])) },
    };
  },
};
