// `node scripts/in-test-host.mjs <command...>`: runs the command inside a
// test host (a network namespace with loopback and the h0/h1 veth pair, see
// scripts/test-host-network.mjs). That needs root and `unshare` (CAP_NET_ADMIN).
// Under CI without them the run fails, naming what is missing; elsewhere the
// command runs on this machine's network with a warning, and the media tests
// skip, saying why. node_modules/.bin is on the PATH, so `vitest` works as it
// does in an npm script.
import { spawnSync } from 'node:child_process';
import { delimiter } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { missingUnderCiMessage, underCi } from './lib/ci-requirement.mjs';
import { TEST_HOST_ENV, TEST_HOST_SHELL, TEST_HOST_UNAVAILABLE_ENV } from './test-host-network.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/in-test-host.mjs <command> [args...]');
  process.exit(2);
}

const binDir = fileURLToPath(new URL('../node_modules/.bin', import.meta.url));
const baseEnv = { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH ?? ''}` };

function run(file, fileArgs, env) {
  const result = spawnSync(file, fileArgs, { stdio: 'inherit', env });
  if (result.error) {
    console.error(`in-test-host: ${file}: ${result.error.message}`);
    process.exit(127);
  }
  // Ended by a signal: fail as the shell would.
  process.exit(result.status ?? 128 + 1);
}

/** Why this process cannot make a test host, or undefined when it can (root alone is not enough in some containers). */
function whyNoTestHost() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return 'not root, so no network namespace of its own (unshare -n)';
  const probe = spawnSync('unshare', ['-n', 'sh', '-c', TEST_HOST_SHELL, 'true'], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (probe.error) return `unshare is not available (${probe.error.message})`;
  if (probe.status !== 0) return `the test host network could not be made (${probe.stderr.trim() || `exit ${probe.status ?? 'signal'}`})`;
  return undefined;
}

if (process.env[TEST_HOST_ENV] === '1') {
  // Already inside one (a nested call).
  run(command, args, baseEnv);
} else {
  const reason = whyNoTestHost();
  if (reason === undefined) {
    run('unshare', ['-n', 'sh', '-c', TEST_HOST_SHELL, command, ...args], { ...baseEnv, [TEST_HOST_ENV]: '1' });
  } else if (underCi()) {
    console.error(`in-test-host: ${missingUnderCiMessage(`"${[command, ...args].join(' ')}" in a test host network namespace`, reason)}`);
    process.exit(1);
  } else {
    console.warn(`in-test-host: ${reason}; running "${command}" on this machine's network (the media tests skip).`);
    run(command, args, { ...baseEnv, [TEST_HOST_UNAVAILABLE_ENV]: reason });
  }
}
