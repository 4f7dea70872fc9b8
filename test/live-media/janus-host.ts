import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';

/**
 * A private Janus (Debian's `janus` package) for the media suite, the
 * Playwright run on Janus and the bench: its own configuration in a temp
 * folder with only the VideoRoom plugin and the WebSockets transport, no
 * admin API, candidates from one interface (werift and Janus gather none on
 * loopback, so the tests run in a network namespace with a veth pair h0/h1),
 * a bounded RTP port range. Stopped with SIGTERM, then SIGKILL.
 */

export const JANUS_BINARY = '/usr/bin/janus';

/** Why tests on Janus cannot run here, or null when they can. */
export function janusMissingReason(binary = JANUS_BINARY): string | null {
  if (!fs.existsSync(binary)) return `${binary} is missing: install Debian's janus package (apt-get install janus) to run the Janus tests`;
  if (findJanusLibraryFolder() === null) return `Janus's plugin folder (…/janus/plugins/libjanus_videoroom.so) was not found beside ${binary}`;
  return null;
}

export interface TestJanusOptions {
  /** The WebSockets API port; a free one when not given. */
  wsPort?: number;
  /** The address the WebSockets API listens on (127.0.0.1: Orbit runs beside it in the test host). */
  wsIp?: string;
  /** UDP ports Janus may use for media. */
  rtpPorts?: [number, number];
  /** The only interface (or address prefix) Janus gathers candidates on: h0 in the test host. */
  iface?: string;
  /** Janus's API secret, when the test exercises it. */
  apiSecret?: string;
  /** Janus trickles its own candidates after its descriptions instead of writing them in (Orbit must still hand out complete ones). */
  fullTrickle?: boolean;
  /** Janus's event_loops: 0 (its default) gives every handle a thread of its own; a few shared loops suit many viewers (the bench). */
  eventLoops?: number;
  /** Janus's log level, 0-7 (3: warnings and errors). */
  debugLevel?: number;
  /** Also write Janus's output to this file (attach it to a failed test). */
  logFile?: string;
  janusBinary?: string;
}

export interface TestJanus {
  /** ws://ip:port of the WebSockets API, for JANUS_URL / createJanusForwarder. */
  url: string;
  wsPort: number;
  /** Janus's process id (the bench reads its CPU and memory in /proc). */
  pid: number;
  /** Janus's recent output, for a failing test's message. */
  recentOutput(): string;
  stop(): Promise<void>;
}

const START_LIMIT_MS = 15_000;
const STOP_GRACE_MS = 3_000;
const OUTPUT_KEPT_CHARS = 20_000;

/** Where Debian (or a source build) puts Janus's plugins/ and transports/ folders. */
function findJanusLibraryFolder(): string | null {
  const candidates = ['/usr/lib/x86_64-linux-gnu/janus', '/usr/lib/aarch64-linux-gnu/janus', '/usr/lib/janus', '/usr/local/lib/janus', '/opt/janus/lib/janus'];
  try {
    for (const entry of fs.readdirSync('/usr/lib')) {
      if (entry.endsWith('-linux-gnu')) candidates.push(path.join('/usr/lib', entry, 'janus'));
    }
  } catch {
    // No /usr/lib to scan: only the fixed places above.
  }
  return candidates.find((folder) => fs.existsSync(path.join(folder, 'plugins', 'libjanus_videoroom.so'))) ?? null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function quote(value: string): string {
  return JSON.stringify(value);
}

interface JanusConfigFolders {
  configs: string;
  plugins: string;
  transports: string;
  empty: string;
}

/** Writes janus.jcfg and the two component configs; plugins/ and transports/ hold links to only the two libraries Orbit uses. */
function writeConfig(
  root: string,
  library: string,
  options: Required<Pick<TestJanusOptions, 'wsPort' | 'wsIp' | 'rtpPorts' | 'iface' | 'debugLevel' | 'fullTrickle' | 'eventLoops'>> & { apiSecret?: string },
): string {
  const folders: JanusConfigFolders = {
    configs: path.join(root, 'conf'),
    plugins: path.join(root, 'plugins'),
    transports: path.join(root, 'transports'),
    empty: path.join(root, 'none'),
  };
  for (const folder of [folders.configs, folders.plugins, folders.transports, folders.empty]) fs.mkdirSync(folder, { recursive: true });
  fs.symlinkSync(path.join(library, 'plugins', 'libjanus_videoroom.so'), path.join(folders.plugins, 'libjanus_videoroom.so'));
  fs.symlinkSync(path.join(library, 'transports', 'libjanus_websockets.so'), path.join(folders.transports, 'libjanus_websockets.so'));

  const general = [
    `configs_folder = ${quote(folders.configs)}`,
    `plugins_folder = ${quote(folders.plugins)}`,
    `transports_folder = ${quote(folders.transports)}`,
    `events_folder = ${quote(folders.empty)}`,
    `loggers_folder = ${quote(folders.empty)}`,
    `debug_level = ${options.debugLevel}`,
    // The address Janus names itself by; without it Janus looks for a default route, which a test host has not.
    `interface = ${quote(options.iface)}`,
    'server_name = "orbit-test-janus"',
    // Orbit keeps its session alive every 25 s; a dead test leaves nothing behind for long.
    'session_timeout = 60',
    `event_loops = ${options.eventLoops}`,
    ...(options.apiSecret ? [`api_secret = ${quote(options.apiSecret)}`] : []),
  ];
  const janusConfig = `general: {
${general.map((line) => `\t${line}`).join('\n')}
}
media: {
\trtp_port_range = "${options.rtpPorts[0]}-${options.rtpPorts[1]}"
}
nat: {
\tnice_debug = false
\tignore_mdns = true
\tice_enforce_list = ${quote(options.iface)}
}
events: {
\tbroadcast = false
}
`;
  const janusConfigFile = path.join(folders.configs, 'janus.jcfg');
  fs.writeFileSync(janusConfigFile, janusConfig);
  // Rooms are made by Orbit over the API; none are preconfigured.
  fs.writeFileSync(path.join(folders.configs, 'janus.plugin.videoroom.jcfg'), 'general: {\n}\n');
  fs.writeFileSync(
    path.join(folders.configs, 'janus.transport.websockets.jcfg'),
    `general: {
\tjson = "plain"
\tws = true
\tws_port = ${options.wsPort}
\tws_ip = ${quote(options.wsIp)}
\twss = false
}
admin: {
\tadmin_ws = false
\tadmin_wss = false
}
`,
  );
  return janusConfigFile;
}

/** Whether Janus answers `info` on its WebSockets API. */
function answersInfo(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, 'janus-protocol');
    const give = (answer: boolean) => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => give(false), 1_000);
    socket.once('open', () => socket.send(JSON.stringify({ janus: 'info', transaction: 'ready' })));
    socket.once('message', (data: WebSocket.RawData) => {
      const text = Buffer.isBuffer(data) ? data.toString('utf8') : Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data).toString('utf8');
      give(text.includes('"server_info"'));
    });
    socket.once('error', () => give(false));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

export async function startTestJanus(options: TestJanusOptions = {}): Promise<TestJanus> {
  const binary = options.janusBinary ?? JANUS_BINARY;
  const missing = janusMissingReason(binary);
  if (missing) throw new Error(missing);
  const library = findJanusLibraryFolder() as string;
  const wsPort = options.wsPort ?? (await freePort());
  const wsIp = options.wsIp ?? '127.0.0.1';
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-janus-'));
  const configFile = writeConfig(root, library, {
    wsPort,
    wsIp,
    rtpPorts: options.rtpPorts ?? [40_000, 40_999],
    iface: options.iface ?? 'h0',
    debugLevel: options.debugLevel ?? 3,
    fullTrickle: options.fullTrickle ?? false,
    eventLoops: options.eventLoops ?? 0,
    ...(options.apiSecret ? { apiSecret: options.apiSecret } : {}),
  });

  let output = '';
  const logFile = options.logFile ? (fs.mkdirSync(path.dirname(options.logFile), { recursive: true }), fs.createWriteStream(options.logFile)) : null;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT_CHARS);
    logFile?.write(chunk);
  };
  // -o: no colours in the log; -F: the folder of component configs (also set in janus.jcfg).
  const child = spawn(binary, ['-C', configFile, '-F', path.dirname(configFile), '-o'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const gone = await Promise.race([exited(child).then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STOP_GRACE_MS))]);
        if (!gone) {
          child.kill('SIGKILL');
          await exited(child);
        }
      }
      logFile?.end();
      fs.rmSync(root, { recursive: true, force: true });
    })();
    return stopping;
  };

  const url = `ws://${wsIp}:${wsPort}`;
  const deadline = Date.now() + START_LIMIT_MS;
  while (!(await answersInfo(url))) {
    if (spawnError || child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      const reason = spawnError ? spawnError.message : child.exitCode !== null || child.signalCode !== null ? `exited (${child.exitCode ?? child.signalCode})` : `no answer to info after ${START_LIMIT_MS / 1000} s`;
      const recent = output.slice(-4_000);
      await stop();
      throw new Error(`Janus on ${url} did not start: ${reason}.\n${recent}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, wsPort, pid: child.pid ?? 0, recentOutput: () => output, stop };
}
