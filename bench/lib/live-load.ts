import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestJanus, type TestJanus } from '../../test/live-media/janus-host';
import { pinLoadGenerator, type CpuPinning } from './cpu-pinning';
import { cpuPercent, stepPassed, windowDelivery, type CounterReading, type LiveStep } from './live-delivery';
import type { ForwarderKind, ForwarderMethods } from './live-forwarder-host';
import type { PublisherMethods, ViewersMethods } from './live-clients';
import { RpcChild } from './live-rpc';
import { parseStatCpuMs, parseVmRss } from './realtime-load';

// The live bench's measuring half (bench/parts/live.ts runs it inside a test
// host: a network namespace with the h0/h1 veth pair, through
// scripts/in-test-host.mjs). For each forwarder in turn: the forwarder in a
// process of its own (werift: bench/lib/live-forwarder-host.ts; Janus: its
// own process, driven through the same host), one werift publisher and the
// werift viewers in two more (bench/lib/live-clients.ts). Viewers are added
// in steps; each step is held for a warm-up and then a measured window, and
// the run stops at the first step where a viewer got under 95% of the
// frames.
//   node --import tsx live-load.ts <result file> <budget ms> <settings json>

const FORWARDER_HOST = fileURLToPath(new URL('./live-forwarder-host.ts', import.meta.url));
const CLIENTS = fileURLToPath(new URL('./live-clients.ts', import.meta.url));
const STREAM_ID = 'bench-stream';

export interface LiveLoadSettings {
  forwarders: ForwarderKind[];
  /** Viewer counts, ascending. */
  steps: number[];
  fps: number;
  packetsPerFrame: number;
  packetBytes: number;
  warmupMs: number;
  windowMs: number;
  /** The window with the publisher alone, the per-viewer costs' baseline. */
  baselineMs: number;
  /** How long a new viewer may take from subscribe to its first frame. */
  firstFrameTimeoutMs: number;
  /** Subscriptions set up at once while a step adds viewers. */
  subscribeConcurrency: number;
  /** Whether viewers decrypt SRTP (werift's whole receive path) or count frames from the clear RTP headers (live-clients.ts). */
  viewersDecrypt: boolean;
}

export interface ForwarderRun {
  kind: ForwarderKind;
  /** Why the run stopped before any step, or failed part way. */
  error?: string;
  /** The publisher alone. */
  baseline?: LiveStep;
  steps: LiveStep[];
  /** Why the steps stopped: 'failed' (a step did not pass), 'last step', 'time' (the budget), 'error'. */
  stoppedBy: 'failed' | 'last step' | 'time' | 'error';
  /** How long adding each step's viewers took (subscribe to first frame of all), in ms. */
  setupMs: number[];
  /** Where the forwarder and the clients ran. */
  placement: string;
  /** Subscriptions that failed, with the first reason. */
  subscribeFailures: number;
  subscribeFailureSample?: string;
}

export interface LiveLoadResult {
  settings: LiveLoadSettings;
  /** Whether the forwarder had a CPU to itself (false: one CPU, or no taskset). */
  pinned: boolean;
  runs: ForwarderRun[];
}

/** The CPUs a process may run on, as taskset prints them ("1", "0,1"). */
function cpusOf(pid: number): string {
  const output = execFileSync('taskset', ['--cpu-list', '--pid', String(pid)], { encoding: 'utf8' });
  return output.slice(output.lastIndexOf(':') + 1).trim();
}

function procCpuMs(pid: number): number {
  return parseStatCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

function procRssBytes(pid: number): number {
  return parseVmRss(readFileSync(`/proc/${pid}/status`, 'utf8'));
}

/** The pid of this process's child whose command is `name` (startTestJanus spawns Janus but does not say its pid). */
function childNamed(name: string): number | undefined {
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    let children: string;
    try {
      children = readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const pid of children.split(' ').filter(Boolean).map(Number)) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name) return pid;
      } catch {
        // Gone already.
      }
    }
  }
  return undefined;
}

interface Reading {
  at: number;
  counters: CounterReading;
  forwarderCpuMs: number;
  forwarderRssBytes: number;
  clientsCpuMs: number;
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function inBatches<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const workers = Array.from({ length: Math.min(limit, queue.length) }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
  });
  await Promise.all(workers);
}

class ForwarderBench {
  private forwarder?: RpcChild<ForwarderMethods>;
  private publisher?: RpcChild<PublisherMethods>;
  private viewers?: RpcChild<ViewersMethods>;
  private janus?: TestJanus;
  /** The process whose CPU and memory are the forwarder's. */
  private measuredPid = 0;
  private viewerCount = 0;
  /** Where the forwarder and the clients ran, for the notes. */
  placement = '';

  constructor(
    private readonly kind: ForwarderKind,
    private readonly settings: LiveLoadSettings,
    private readonly pinning: CpuPinning | null,
    private readonly log: (message: string) => void,
  ) {}

  async start(): Promise<void> {
    const { settings } = this;
    // The clients first: forked from this process, they share its CPU.
    this.publisher = await RpcChild.start<PublisherMethods>('the publisher', CLIENTS, [
      'publisher',
      String(settings.fps),
      String(settings.packetsPerFrame),
      String(settings.packetBytes),
    ]);
    this.viewers = await RpcChild.start<ViewersMethods>('the viewers', CLIENTS, ['viewers', settings.viewersDecrypt ? 'decrypt' : 'headers']);
    if (this.kind === 'janus') {
      // Janus gathers candidates on h0 only; the werift clients use both ends of the pair.
      // As Janus's documentation advises for many subscribers: a fixed set of event loops shared by the handles,
      // one per core Janus is given (one when pinned), instead of its default thread per handle.
      this.janus = await startTestJanus({ iface: 'h0', rtpPorts: [40_000, 44_999], debugLevel: 2, eventLoops: this.pinning ? 1 : availableParallelism() });
      const pid = childNamed('janus');
      if (pid === undefined) throw new Error('Janus started but its process was not found among this process’s children');
      this.measuredPid = pid;
      this.forwarder = await RpcChild.start<ForwarderMethods>('the Janus API client', FORWARDER_HOST, ['janus', this.janus.url]);
    } else {
      this.forwarder = await RpcChild.start<ForwarderMethods>('the werift forwarder', FORWARDER_HOST, ['werift']);
      this.measuredPid = this.forwarder.pid;
    }
    // The forwarder gets a core of its own; the clients stay on this process's.
    this.pinning?.placeServers([this.measuredPid], true);
    this.placement = `the forwarder on CPU ${cpusOf(this.measuredPid)}, the clients on CPU ${cpusOf(this.publisher.pid)}`;

    const offerSdp = await this.publisher.call('offer', null);
    const answerSdp = await this.forwarder.call('publish', { streamId: STREAM_ID, offerSdp });
    await this.publisher.call('accept', { answerSdp });
  }

  private async read(): Promise<Reading> {
    const { publisher, viewers } = this.required();
    const [sent, received] = await Promise.all([publisher.call('stats', null), viewers.call('counters', null)]);
    const at = performance.now();
    return {
      at,
      counters: {
        framesSent: sent.framesSent,
        videoPacketsSent: sent.framesSent * this.settings.packetsPerFrame,
        audioSent: sent.audioPacketsSent,
        viewers: received,
      },
      forwarderCpuMs: procCpuMs(this.measuredPid),
      forwarderRssBytes: procRssBytes(this.measuredPid),
      clientsCpuMs: procCpuMs(publisher.pid) + procCpuMs(viewers.pid),
    };
  }

  /** Holds the current viewers through a warm-up and a measured window. */
  async measure(windowMs: number, connected: number): Promise<LiveStep> {
    await sleep(this.settings.warmupMs);
    const start = await this.read();
    await sleep(windowMs);
    const end = await this.read();
    const wallMs = end.at - start.at;
    return {
      viewers: this.viewerCount,
      connected,
      seconds: Math.round(wallMs / 100) / 10,
      delivery: windowDelivery(start.counters, end.counters),
      forwarderCpuPercent: cpuPercent(start.forwarderCpuMs, end.forwarderCpuMs, wallMs),
      forwarderRssBytes: end.forwarderRssBytes,
      clientsCpuPercent: cpuPercent(start.clientsCpuMs, end.clientsCpuMs, wallMs),
      loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    };
  }

  /** Adds viewers up to `target`; resolves with how many of all viewers have had a first frame, and the failures. */
  async addViewers(target: number): Promise<{ connected: number; failures: string[] }> {
    const { forwarder, viewers } = this.required();
    const ids = Array.from({ length: target - this.viewerCount }, (_, index) => `viewer-${this.viewerCount + index + 1}`);
    this.viewerCount = target;
    const failures: string[] = [];
    await inBatches(ids, this.settings.subscribeConcurrency, async (subscriptionId) => {
      try {
        const offerSdp = await forwarder.call('subscribe', { streamId: STREAM_ID, subscriptionId });
        const answerSdp = await viewers.call('add', { subscriptionId, offerSdp });
        await forwarder.call('answer', { subscriptionId, answerSdp });
        await viewers.call('firstFrame', { subscriptionId, timeoutMs: this.settings.firstFrameTimeoutMs });
      } catch (error) {
        failures.push(`${subscriptionId}: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    const counters = await viewers.call('counters', null);
    return { connected: counters.filter((viewer) => viewer.frames > 0).length, failures };
  }

  private required() {
    const { forwarder, publisher, viewers } = this;
    if (!forwarder || !publisher || !viewers) throw new Error('the forwarder bench has not started');
    return { forwarder, publisher, viewers };
  }

  async stop(): Promise<void> {
    await Promise.allSettled([this.viewers?.stop(), this.publisher?.stop()]);
    await this.forwarder?.stop().catch(() => {});
    await this.janus?.stop().catch(() => {});
  }
}

function describeStep(kind: ForwarderKind, step: LiveStep): string {
  const { delivery } = step;
  return (
    `  ${kind}: ${step.viewers} viewers (${step.connected} with a first frame): ${delivery.framesSent} frames sent in ${step.seconds} s, ` +
    `lowest viewer ${(100 * delivery.minFrameShare).toFixed(1)}% of frames (${(100 * delivery.minVideoPacketShare).toFixed(1)}% of video packets, ${(100 * delivery.minAudioShare).toFixed(1)}% of audio), ` +
    `${delivery.viewersShort} under 95%; forwarder CPU ${step.forwarderCpuPercent}% of a core, RSS ${(step.forwarderRssBytes / 1024 ** 2).toFixed(1)} MB; clients CPU ${step.clientsCpuPercent}%; load average ${step.loadAverage}` +
    `${stepPassed(step) ? '' : ' -> failed'}`
  );
}

async function runForwarder(kind: ForwarderKind, settings: LiveLoadSettings, pinning: CpuPinning | null, deadline: number, log: (message: string) => void): Promise<ForwarderRun> {
  const run: ForwarderRun = { kind, steps: [], stoppedBy: 'last step', setupMs: [], placement: '', subscribeFailures: 0 };
  const bench = new ForwarderBench(kind, settings, pinning, log);
  try {
    await bench.start();
    run.placement = bench.placement;
    run.baseline = await bench.measure(settings.baselineMs, 0);
    log(describeStep(kind, run.baseline).replace(' -> failed', ' (baseline, publisher alone)'));
    for (const viewers of settings.steps) {
      // A step needs its set-up (a guess: 100 ms a viewer on a loaded machine), warm-up and window.
      const stepMs = 100 * viewers + settings.warmupMs + settings.windowMs + 2_000;
      if (performance.now() + stepMs > deadline) {
        log(`  ${kind}: out of time before ${viewers} viewers`);
        run.stoppedBy = 'time';
        break;
      }
      const setupStarted = performance.now();
      const { connected, failures } = await bench.addViewers(viewers);
      run.setupMs.push(Math.round(performance.now() - setupStarted));
      run.subscribeFailures += failures.length;
      run.subscribeFailureSample ??= failures[0];
      const step = await bench.measure(settings.windowMs, connected);
      run.steps.push(step);
      log(describeStep(kind, step));
      if (!stepPassed(step)) {
        run.stoppedBy = 'failed';
        break;
      }
    }
  } catch (error) {
    run.error = error instanceof Error ? error.message : String(error);
    run.stoppedBy = 'error';
    log(`  ${kind}: ${run.error}`);
  } finally {
    await bench.stop();
  }
  return run;
}

async function main(): Promise<void> {
  const [resultFile, budgetText, settingsText] = process.argv.slice(2);
  if (!resultFile || !budgetText || !settingsText) throw new Error('usage: live-load.ts <result file> <budget ms> <settings json>');
  const settings = JSON.parse(settingsText) as LiveLoadSettings;
  const endBy = performance.now() + Number(budgetText);
  const log = (message: string) => process.stdout.write(`${message}\n`);
  const pinning = pinLoadGenerator(log);
  const runs: ForwarderRun[] = [];
  for (const [index, kind] of settings.forwarders.entries()) {
    // Each forwarder gets an equal share of the time that is left.
    const deadline = performance.now() + (endBy - performance.now()) / (settings.forwarders.length - index);
    runs.push(await runForwarder(kind, settings, pinning, deadline, log));
  }
  const result: LiveLoadResult = {
    settings,
    pinned: pinning !== null,
    runs,
  };
  writeFileSync(resultFile, JSON.stringify(result));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`live bench: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
