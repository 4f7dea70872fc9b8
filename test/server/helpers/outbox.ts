import fs from 'node:fs';
import path from 'node:path';

/** One .eml file of an app's outbox, its body decoded from quoted-printable (what nodemailer sends long lines as). */
export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  body: string;
  /** A header's value (folded lines joined), or '' when absent. */
  header(name: string): string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function readMessage(file: string): OutboxMessage {
  const raw = fs.readFileSync(file, 'utf8');
  const split = raw.indexOf('\n\n');
  // Long header lines are folded onto indented continuation lines (RFC 5322): joined back here.
  const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split + 2);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(headers)?.[1]?.trim() ?? '';
  const quotedPrintable = header('Content-Transfer-Encoding').toLowerCase() === 'quoted-printable';
  return { file, to: header('To'), subject: header('Subject'), body: quotedPrintable ? decodeQuotedPrintable(body) : body, header };
}

/** Every message in `outboxDir` (oldest first), or those to `to`. */
export function outboxMessages(outboxDir: string, to?: string): OutboxMessage[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readMessage(path.join(outboxDir, name)))
    .filter((message) => to === undefined || message.to === to);
}

/** The token of the newest link to `page` emailed to `to`, or undefined. */
export function newestLinkToken(outboxDir: string, to: string, page: '/reset-password' | '/verify-email' | '/sign-in-link'): string | undefined {
  const messages = outboxMessages(outboxDir, to).reverse();
  for (const message of messages) {
    const match = new RegExp(`https?://\\S+${page}\\?token=([A-Za-z0-9_-]+)`).exec(message.body);
    if (match?.[1]) return match[1];
  }
  return undefined;
}
