import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The e2e server's data directory, fixed per port so that the tests can read
 * the emails it writes to its outbox (it has no SMTP server). playwright.config.ts
 * hands it to scripts/e2e-server.mjs, which empties it at start.
 */
export function e2eDataDir(port: number): string {
  return path.join(os.tmpdir(), `orbit-e2e-data-${port}`);
}

const outboxDir = () => path.join(e2eDataDir(Number(process.env.E2E_PORT ?? 5102)), 'outbox');

/** Undoes quoted-printable, which nodemailer uses for the long lines that links are. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The path and query of the newest link to `page` in an email to `to`, or undefined while none has arrived. */
export function newestEmailLink(to: string, page: '/reset-password' | '/verify-email'): string | undefined {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return undefined;
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.eml')).sort().reverse();
  for (const name of files) {
    const raw = fs.readFileSync(path.join(dir, name), 'utf8');
    if (!new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'mi').test(raw)) continue;
    const link = new RegExp(`https?://[^/\\s]+(${page}\\?token=[A-Za-z0-9_-]+)`).exec(decodeQuotedPrintable(raw))?.[1];
    if (link) return link;
  }
  return undefined;
}
