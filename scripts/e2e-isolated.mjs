// `npm run test:e2e`: Playwright (its web servers, Chromium, coturn, the
// live tests' Janus) inside a network namespace of its own, a test host
// (scripts/test-host-network.mjs): loopback plus the veth pair h0/h1 with
// 10.213.0.1 and 10.213.0.2, and no route anywhere else. WebRTC media can
// only go over those addresses and no test reaches the network. The pair is
// there because the live-stream forwarders (werift, Janus) gather no
// candidates on loopback; the video calls use 127.0.0.1 or the pair alike.
// That needs root and `unshare` (CI runs as root); elsewhere the tests run
// as before, with a note.
import { spawnSync } from 'node:child_process';
import { fileURLToPath, URL } from 'node:url';
import { TEST_HOST_NETWORK } from './test-host-network.mjs';

const playwright = fileURLToPath(new URL('../node_modules/.bin/playwright', import.meta.url));
const args = ['test', ...process.argv.slice(2)];

function run(command, commandArgs, env = process.env) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env });
  if (result.error) throw result.error;
  // Ended by a signal: fail as the shell would.
  process.exit(result.status ?? 128 + 1);
}

/** Whether this process can make a network namespace with the test host's network (root alone is not enough in some containers). */
function canIsolate() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return false;
  const probe = spawnSync('unshare', ['-n', 'sh', '-c', TEST_HOST_NETWORK], { stdio: 'ignore' });
  return probe.status === 0;
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
} else if (canIsolate()) {
  // ORBIT_E2E_ISOLATED tells a nested test:e2e it is inside already.
  run('unshare', ['-n', 'sh', '-c', insideNamespace, playwright, ...args], { ...process.env, ORBIT_E2E_ISOLATED: '1' });
} else {
  console.warn('test:e2e: not root or no unshare here, so the browser tests run on this machine\'s network (video-call media may leave loopback).');
  run(playwright, args);
}
