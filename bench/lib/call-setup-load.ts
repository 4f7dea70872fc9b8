import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { io as connect, type Socket } from 'socket.io-client';
import { CALL_RATE_MAX, type CallSignal } from '../../contract/calls';
import { REALTIME_PATH, type ClientCommands, type CommandAnswer, type ServerEvents } from '../../contract/realtime';
import { parseStatCpuMs, summariseDelivery, type DeliverySummary } from './realtime-load';
import type { BenchMember } from './realtime-members';
import { percentile, round } from './stats';

// The calls bench's signalling half (bench/parts/calls.ts): matched pairs of
// members, one socket.io-client each (as a browser tab holds the realtime
// channel), play whole call set-ups against the real server at a given rate:
// invite, ringing, answer, an offer and an answer description, candidates
// both ways, hang-up. Every message's latency is from the emit on one socket
// to the event on the other, both in this process.

type MemberSocket = Socket<ServerEvents, ClientCommands>;

/** Candidates each side sends per set-up (a browser's host candidates over a few interfaces, trickled). */
export const CANDIDATES_PER_SIDE = 10;
/** Messages timed per set-up: the four stored commands, two descriptions and the candidates. */
export const MESSAGES_PER_SETUP = 4 + 2 + 2 * CANDIDATES_PER_SIDE;
/** A set-up not finished by then is abandoned: its missing messages count as lost. */
const SETUP_TIMEOUT_MS = 10_000;
/** Calls each member places at most over the whole run: one under the server's per-caller limit, which the bench keeps. */
export const CALLS_PER_MEMBER = CALL_RATE_MAX - 1;
const CONNECT_CONCURRENCY = 100;

/** An offer-sized description: a browser's offer with audio and video runs to a few KB of SDP. */
const SDP_BODY = Array.from({ length: 60 }, (_, index) => `a=bench-attribute-${index}:${'x'.repeat(64)}\r\n`).join('');
const SDP = `v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n${SDP_BODY}`;
/** Characters in each description the bench sends. */
export const DESCRIPTION_CHARS = SDP.length;
const description = (type: 'offer' | 'answer'): CallSignal => ({ kind: 'description', description: { type, sdp: SDP } });
const candidate = (index: number): CallSignal => ({
  kind: 'candidate',
  candidate: { candidate: `candidate:${index} 1 udp 2122260223 127.0.0.1 ${50_000 + index} typ host generation 0 ufrag bnch network-id 1`, sdpMid: '0', sdpMLineIndex: 0, usernameFragment: 'bnch' },
});
const candidateIndex = (signal: CallSignal) => (signal.kind === 'candidate' ? Number(/^candidate:(\d+) /.exec(signal.candidate.candidate)?.[1] ?? -1) : -1);

export interface StepResult {
  rate: number;
  seconds: number;
  /** Set-ups started (scheduled ones a free pair could take). */
  started: number;
  /** Set-ups whose every message arrived and whose every command was answered ok. */
  completed: number;
  /** Scheduled set-ups no idle pair could take (more pairs busy than there are). */
  unplaced: number;
  /** Command answers other than ok (a 429 or 409 would mean the bench's spread over pairs failed). */
  errors: number;
  errorSample: string | null;
  /** Every timed message; lost ones count as infinitely late. */
  all: DeliverySummary;
  /** invite -> incoming, ringing -> ringing, answer -> answered, hang-up -> ended: each a database write on the server. */
  stored: DeliverySummary;
  /** Descriptions and candidates: relayed from the call's room, nothing read or stored. */
  relayed: DeliverySummary;
  /** From a set-up's scheduled start to the callee hearing the hang-up, completed set-ups only. */
  setupP50Ms: number;
  setupP99Ms: number;
  /** CPU per started set-up, in ms: the server process (every thread, PGlite's worker included) and this process. */
  serverCpuMs: number;
  benchCpuMs: number;
}

/** The timed messages that are stored commands (named after the event the other side hears); the rest are relayed signals. */
const STORED_KEYS = new Set(['incoming', 'ringing', 'answered', 'ended']);

interface Timed {
  sentAt: number;
  stored: boolean;
}

/** One call set-up between a pair, driven by the events its two sockets receive. */
class SetUp {
  readonly callId = randomUUID();
  private readonly pending = new Map<string, Timed>();
  readonly stored: number[] = [];
  readonly relayed: number[] = [];
  private received = 0;
  private failed = false;
  private callerHeardEnd = false;
  private calleeHeardEnd = false;
  private settle: () => void = () => {};
  readonly settled = new Promise<void>((resolve) => {
    this.settle = resolve;
  });
  finishedAt: number | undefined;
  errors: string[] = [];

  constructor(
    readonly caller: MemberSocket,
    readonly callee: MemberSocket,
    readonly calleeId: string,
    readonly scheduledAt: number,
  ) {}

  /** The timed messages that have not arrived (yet, or ever). */
  pendingKeys(): string[] {
    return [...this.pending.keys()];
  }

  get ok(): boolean {
    return !this.failed && this.pending.size === 0 && this.finishedAt !== undefined;
  }

  /** Emits a command and times it until the other side hears `timedAs`; `then` runs once the server answered ok. */
  private send<Name extends 'call:invite' | 'call:ringing' | 'call:answer' | 'call:hangup' | 'call:signal'>(
    socket: MemberSocket,
    name: Name,
    payload: Parameters<ClientCommands[Name]>[0],
    timedAs: string,
    then?: () => void,
  ): void {
    this.pending.set(timedAs, { sentAt: performance.now(), stored: STORED_KEYS.has(timedAs) });
    const answered = (answer: CommandAnswer) => {
      if (!answer.ok) this.fail(`${name}: ${answer.status} ${answer.message}`);
      else then?.();
    };
    (socket.emit as (event: string, body: unknown, ack: (answer: CommandAnswer) => void) => void)(name, payload, answered);
  }

  private arrived(key: string): void {
    const timed = this.pending.get(key);
    if (!timed) return;
    this.pending.delete(key);
    (timed.stored ? this.stored : this.relayed).push(performance.now() - timed.sentAt);
  }

  private fail(reason: string): void {
    if (this.failed) return;
    this.failed = true;
    this.errors.push(reason);
    // End the call if it is still open (a refusal here is expected); the pair sits out the rest of the run either way.
    this.caller.emit('call:hangup', { callId: this.callId }, () => this.settle());
    setTimeout(() => this.settle(), SETUP_TIMEOUT_MS).unref();
  }

  start(): void {
    this.send(this.caller, 'call:invite', { callId: this.callId, calleeId: this.calleeId }, 'incoming');
    setTimeout(() => {
      if (this.finishedAt === undefined) this.fail(`not finished within ${SETUP_TIMEOUT_MS / 1000} s`);
    }, SETUP_TIMEOUT_MS).unref();
  }

  // The callee's tab rings, then answers once the server took the ringing.
  onIncoming(): void {
    this.arrived('incoming');
    this.send(this.callee, 'call:ringing', { callId: this.callId }, 'ringing', () =>
      this.send(this.callee, 'call:answer', { callId: this.callId }, 'answered'),
    );
  }

  onCallerEvent(event: 'ringing' | 'answered'): void {
    this.arrived(event);
    if (event !== 'answered') return;
    // The caller offers and trickles its candidates.
    this.send(this.caller, 'call:signal', { callId: this.callId, signal: description('offer') }, 'offer');
    for (let index = 0; index < CANDIDATES_PER_SIDE; index += 1) {
      this.send(this.caller, 'call:signal', { callId: this.callId, signal: candidate(index) }, `to-callee:${index}`);
    }
  }

  onSignal(atCallee: boolean, signal: CallSignal): void {
    if (signal.kind === 'description') {
      this.arrived(signal.description.type);
      if (atCallee && signal.description.type === 'offer') {
        this.send(this.callee, 'call:signal', { callId: this.callId, signal: description('answer') }, 'answer');
        for (let index = 0; index < CANDIDATES_PER_SIDE; index += 1) {
          this.send(this.callee, 'call:signal', { callId: this.callId, signal: candidate(index) }, `to-caller:${index}`);
        }
      }
    } else if (signal.kind === 'candidate') {
      this.arrived(`${atCallee ? 'to-callee' : 'to-caller'}:${candidateIndex(signal)}`);
    }
    this.received += 1;
    // Everything relayed both ways: the caller hangs up.
    if (this.received === 2 + 2 * CANDIDATES_PER_SIDE) this.send(this.caller, 'call:hangup', { callId: this.callId }, 'ended');
  }

  onEnded(atCallee: boolean): void {
    if (atCallee) {
      this.calleeHeardEnd = true;
      this.arrived('ended');
    } else {
      this.callerHeardEnd = true;
    }
    if (this.callerHeardEnd && this.calleeHeardEnd) {
      this.finishedAt = performance.now();
      this.settle();
    }
  }
}

interface Pair {
  members: readonly [BenchMember, BenchMember];
  uses: number;
}

/** Pairs needed for `setups` set-ups when each member places at most CALLS_PER_MEMBER calls (the pair's members take turns). */
export function pairsFor(setups: number): number {
  return Math.ceil(setups / (2 * CALLS_PER_MEMBER));
}

/**
 * The load: one socket per member, idle pairs in a queue; a set-up takes the
 * pair at the head, its members taking turns as caller, and gives it back
 * once both heard the end. A pair that has placed 2 * CALLS_PER_MEMBER calls
 * is retired, so no member nears the server's per-caller limit.
 */
export class CallSetupLoad {
  private readonly sockets = new Map<string, MemberSocket>();
  private readonly active = new Map<string, SetUp>();
  private readonly idle: Pair[];

  constructor(
    private readonly port: number,
    pairs: ReadonlyArray<readonly [BenchMember, BenchMember]>,
    private readonly serverPid: number,
  ) {
    this.idle = pairs.map((members) => ({ members, uses: 0 }));
  }

  async connect(): Promise<void> {
    const members = this.idle.flatMap((pair) => pair.members);
    let next = 0;
    const worker = async () => {
      while (next < members.length) {
        const member = members[next] as BenchMember;
        next += 1;
        this.sockets.set(member.id, await this.openSocket(member));
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONNECT_CONCURRENCY, members.length) }, worker));
  }

  private openSocket(member: BenchMember): Promise<MemberSocket> {
    const socket: MemberSocket = connect(`http://127.0.0.1:${this.port}`, { path: REALTIME_PATH, auth: { token: member.token }, transports: ['websocket'], reconnection: false, forceNew: true, timeout: 60_000 });
    socket.on('call:incoming', ({ callId }) => this.active.get(callId)?.onIncoming());
    socket.on('call:ringing', ({ callId }) => this.active.get(callId)?.onCallerEvent('ringing'));
    socket.on('call:answered', ({ callId }) => {
      const setUp = this.active.get(callId);
      // Both members hear the answer; the caller's copy is the one that starts the offer.
      if (setUp && socket === setUp.caller) setUp.onCallerEvent('answered');
    });
    socket.on('call:signal', ({ callId, signal }) => {
      const setUp = this.active.get(callId);
      if (setUp) setUp.onSignal(socket === setUp.callee, signal);
    });
    socket.on('call:ended', ({ callId }) => {
      const setUp = this.active.get(callId);
      if (setUp) setUp.onEnded(socket === setUp.callee);
    });
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error) => {
        socket.close();
        reject(error);
      });
    });
  }

  private begin(scheduledAt: number): SetUp | undefined {
    const pair = this.idle.shift();
    if (!pair) return undefined;
    const [caller, callee] = pair.uses % 2 === 0 ? pair.members : ([pair.members[1], pair.members[0]] as const);
    pair.uses += 1;
    const setUp = new SetUp(this.sockets.get(caller.id) as MemberSocket, this.sockets.get(callee.id) as MemberSocket, callee.id, scheduledAt);
    this.active.set(setUp.callId, setUp);
    setUp.start();
    void setUp.settled.then(() => {
      this.active.delete(setUp.callId);
      // A pair whose set-up failed may still hold an open call: it sits out the rest of the run.
      if (setUp.ok && pair.uses < 2 * CALLS_PER_MEMBER) this.idle.push(pair);
    });
    return setUp;
  }

  private serverCpuMs(): number {
    return parseStatCpuMs(readFileSync(`/proc/${this.serverPid}/stat`, 'utf8'));
  }

  /**
   * Set-ups at `rate` per second for `seconds`, open loop: each starts at its
   * scheduled time whatever the earlier ones are doing. Then waits until each
   * has finished or been abandoned.
   */
  async runStep(rate: number, seconds: number): Promise<StepResult> {
    const serverBefore = this.serverCpuMs();
    const benchBefore = process.cpuUsage();
    const total = Math.round(rate * seconds);
    const interval = 1000 / rate;
    const start = performance.now() + 5;
    const setUps: SetUp[] = [];
    let issued = 0;
    let unplaced = 0;
    while (issued < total) {
      const now = performance.now();
      while (issued < total && start + issued * interval <= now) {
        const setUp = this.begin(start + issued * interval);
        issued += 1;
        if (setUp) setUps.push(setUp);
        else unplaced += 1;
      }
      await delay(Math.max(0, start + issued * interval - performance.now()));
    }
    await Promise.all(setUps.map((setUp) => setUp.settled));
    const bench = process.cpuUsage(benchBefore);
    const serverCpu = this.serverCpuMs() - serverBefore;

    const lost = { stored: 0, relayed: 0 };
    for (const setUp of setUps) {
      for (const key of setUp.pendingKeys()) lost[STORED_KEYS.has(key) ? 'stored' : 'relayed'] += 1;
    }
    const stored = setUps.flatMap((setUp) => setUp.stored);
    const relayed = setUps.flatMap((setUp) => setUp.relayed);
    const completed = setUps.filter((setUp) => setUp.ok);
    const errors = setUps.flatMap((setUp) => setUp.errors);
    const durations = completed.map((setUp) => (setUp.finishedAt ?? 0) - setUp.scheduledAt).sort((a, b) => a - b);
    const perSetUp = (value: number) => round(value / Math.max(1, setUps.length), 2);
    return {
      rate,
      seconds,
      started: setUps.length,
      completed: completed.length,
      unplaced,
      errors: errors.length,
      errorSample: errors[0] ?? null,
      all: summariseDelivery([...stored, ...relayed], lost.stored + lost.relayed),
      stored: summariseDelivery(stored, lost.stored),
      relayed: summariseDelivery(relayed, lost.relayed),
      setupP50Ms: round(percentile(durations, 50), 1),
      setupP99Ms: round(percentile(durations, 99), 1),
      serverCpuMs: perSetUp(serverCpu),
      benchCpuMs: perSetUp((bench.user + bench.system) / 1000),
    };
  }

  /** Pairs still free to place calls. */
  get pairsLeft(): number {
    return this.idle.length;
  }

  close(): void {
    for (const socket of this.sockets.values()) socket.close();
    this.sockets.clear();
  }
}
