// `npm run test:e2e`: Playwright (its web servers, Chromium, coturn, the
// live tests' Janus) inside a network namespace of its own, a test host
// (scripts/test-host-network.mjs): loopback plus the veth pair h0/h1 with
// 10.213.0.1 and 10.213.0.2, and no route anywhere else. WebRTC media can
// only go over those addresses and no test reaches the network. The pair is
// there because the live-stream forwarders (werift, Janus) gather no
// candidates on loopback; the video calls use 127.0.0.1 or the pair alike.
// That needs root and `unshare` (CAP_NET_ADMIN). Under CI, without them or
// without Chromium, coturn or Janus, the run fails at once naming what is
// missing; elsewhere the tests run as before, with a note.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { missingUnderCiMessage, underCi } from './lib/ci-requirement.mjs';
import { TEST_HOST_NETWORK } from './test-host-network.mjs';

const playwright = fileURLToPath(new URL('../node_modules/.bin/playwright', import.meta.url));
const args = ['test', ...process.argv.slice(2)];

function run(command, commandArgs, env = process.env) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env });
  if (result.error) throw result.error;
  // Ended by a signal: fail as the shell would.
  process.exit(result.status ?? 128 + 1);
}

/** Ends the run under CI, naming what is missing; elsewhere prints what will not work and goes on. */
function missing(what, reason, consequence) {
  if (underCi()) {
    console.error(`test:e2e: ${missingUnderCiMessage(what, reason)}`);
    process.exit(1);
  }
  console.warn(`test:e2e: ${reason}; ${consequence}.`);
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const onPath = (name) => (process.env.PATH ?? '').split(delimiter).some((folder) => folder !== '' && isExecutable(join(folder, name)));

/** Why this process cannot make a network namespace with the test host's network, or undefined when it can (root alone is not enough in some containers). */
function whyNoIsolation() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return 'not root, so no network namespace of its own (unshare -n)';
  const probe = spawnSync('unshare', ['-n', 'sh', '-c', TEST_HOST_NETWORK], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (probe.error) return `unshare is not available (${probe.error.message})`;
  if (probe.status !== 0) return `no network namespace could be made (${probe.stderr.trim() || `unshare exit ${probe.status ?? 'signal'}`})`;
  return undefined;
}

// Inside the namespace: the test host's network (loopback, h0/h1), then one more interface that leads nowhere (an empty bridge, or a
// dummy where the kernel has it) with only an IPv6 link-local address. Chromium counts itself offline
// without a non-loopback interface that has an address (navigator.onLine false, and Playwright's
// setOffline then fires no offline/online events); WebRTC ignores link-local addresses, so candidates
// stay on 127.0.0.1 and h0/h1. "$0" "$@" is the command, passed through without re-quoting; exec keeps its exit
// status and signals.
const insideNamespace = `${TEST_HOST_NETWORK}
if { ip link add orbit-online type dummy 2>/dev/null || ip link add orbit-online type bridge 2>/dev/null; } &&
   ip link set orbit-online addrgenmode none && ip addr add fe80::1/64 dev orbit-online nodad && ip link set orbit-online up; then :
else echo "test:e2e: no interface besides loopback, so Chromium believes it is offline (tests of going offline will fail)" >&2
fi
exec "$0" "$@"`;

if (process.env.ORBIT_E2E_ISOLATED === '1') {
  run(playwright, args);
} else {
  // The programs the suite starts (the same paths as playwright.config.ts, e2e/support/turn-server.ts and test/live-media/janus-host.ts).
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!isExecutable(chromium)) missing('the browser tests', `Chromium is missing (${chromium}; apt-get install chromium)`, 'every browser test will fail to launch it');
  if (!onPath('turnserver')) missing('the browser tests', 'coturn is missing (turnserver on the PATH; apt-get install coturn)', 'the TURN-only video call will fail');
  if (!isExecutable('/usr/bin/janus')) missing('the browser tests', 'Janus is missing (/usr/bin/janus; apt-get install janus)', 'the live-janus project will fail');

  const noIsolation = whyNoIsolation();
  if (noIsolation === undefined) {
    // ORBIT_E2E_ISOLATED tells a nested test:e2e it is inside already.
    run('unshare', ['-n', 'sh', '-c', insideNamespace, playwright, ...args], { ...process.env, ORBIT_E2E_ISOLATED: '1' });
  } else {
    missing(
      'the browser tests in a network namespace of their own',
      noIsolation,
      "the browser tests run on this machine's network (video-call media may leave loopback)",
    );
    run(playwright, args);
  }
}
