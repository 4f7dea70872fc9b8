import { isIP } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../environment';

/**
 * Whether HOST keeps the server to this machine: `localhost`, 127.0.0.0/8 or
 * ::1 (bracketed or IPv4-mapped too). Anything else, `0.0.0.0` and `::` above
 * all, lets other machines in.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const ipv4 = name.startsWith('::ffff:') ? name.slice('::ffff:'.length) : name;
  if (isIP(ipv4) === 4) return ipv4.startsWith('127.');
  return isIP(name) === 6 && (name === '::1' || /^(0{1,4}:){7}0{0,3}1$/.test(name));
}

/**
 * A plain `npm start` seeds the demo account, whose password is published, and
 * lets an admin sign in without two-step verification: right for trying Orbit
 * on one's own machine, wrong for a server others can reach. The lines warning
 * about it, or null when the server is in production or only listens locally.
 */
export function demoExposureWarning(config: Pick<AppConfig, 'host' | 'nodeEnv'>): string | null {
  if (config.nodeEnv === 'production' || isLoopbackHost(config.host)) return null;
  const lines = [
    `WARNING: Orbit listens on ${config.host}, reachable from other machines, and NODE_ENV is ${config.nodeEnv}, not production.`,
    '  - The demo account (username "demo") exists, and its password is published in the README: anyone can sign in with it.',
    '  - Admins can sign in without two-step verification: it is only enforced in production.',
    '  Set NODE_ENV=production for a server others can reach, or HOST=localhost to keep it to this machine.',
  ];
  const rule = '!'.repeat(Math.max(...lines.map((line) => line.length)));
  return [rule, ...lines, rule].join('\n');
}

/** Logs the warning above at warn level when it applies; says whether it did. */
export function warnIfDemoIsExposed(log: Pick<FastifyBaseLogger, 'warn'>, config: Pick<AppConfig, 'host' | 'nodeEnv'>): boolean {
  const warning = demoExposureWarning(config);
  if (warning === null) return false;
  log.warn(`\n${warning}`);
  return true;
}
