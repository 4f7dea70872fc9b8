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

/** The raw emails to `to`, newest first. */
function emailsTo(to: string): string[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.eml')).sort().reverse();
  const addressed = new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'mi');
  return files.map((name) => fs.readFileSync(path.join(dir, name), 'utf8')).filter((raw) => addressed.test(raw));
}

/** The path and query of the newest link to `page` in an email to `to`, or undefined while none has arrived. */
export function newestEmailLink(to: string, page: '/reset-password' | '/verify-email' | '/sign-in-link'): string | undefined {
  for (const raw of emailsTo(to)) {
    const link = new RegExp(`https?://[^/\\s]+(${page}\\?token=[A-Za-z0-9_-]+)`).exec(decodeQuotedPrintable(raw))?.[1];
    if (link) return link;
  }
  return undefined;
}

/** The subjects of the emails to `to`, newest first. */
export function outboxSubjects(to: string): string[] {
  return emailsTo(to).map((raw) => /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '');
}
