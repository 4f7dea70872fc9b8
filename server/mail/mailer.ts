import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { DEFAULT_MAIL_FROM } from '../environment';

/** One email to one member. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The link the message is for. Written to the log only when mail goes to
   * the outbox (no SMTP_URL) outside production: there it is how a developer
   * follows the link. Anywhere else it is a credential of the recipient's
   * and stays out of logs.
   */
  link?: string;
  /** Extra header lines, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on news emails. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends now; rejects when the message could not be handed over. */
  send(message: MailMessage): Promise<void>;
  /**
   * Runs `work` (which usually ends in `send`) after the current answer, so
   * that whether and how fast mail goes out never shows in an answer; a
   * failure is logged, never shown to the caller.
   */
  inBackground(work: () => Promise<void>, log?: FastifyBaseLogger): void;
  /** Resolves once every `inBackground` task started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  /**
   * Deletes the outbox's messages to `address` (an account deleted: its mail
   * is the person's), once mail still being prepared is written. Nothing to
   * do with SMTP, where nothing is kept.
   */
  discardMailTo(address: string): Promise<void>;
  /** Where links in emails start, e.g. https://orbit.example.com (no trailing slash). */
  readonly publicUrl: string;
  /** The outbox directory when mail is written to files; null with SMTP. */
  readonly outboxDir: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailPluginOptions {
  /** SMTP server URL (smtp:// or smtps://, credentials in it); unset: messages go to `outboxDir`. */
  smtpUrl?: string | undefined;
  /** Where .eml files go without SMTP, usually DATA_DIR/outbox (created on first use). */
  outboxDir: string;
  from?: string | undefined;
  publicUrl: string;
  /**
   * Whether outbox log lines carry the message's link: in development, how
   * one follows it; never in production, where the outbox is a fallback and
   * its links are live credentials. Default false.
   */
  logLinks?: boolean | undefined;
}

/** A file name that sorts by time of writing and never collides. */
function outboxFileName(now: Date): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
}

/** The one recipient of an outbox message, lower case, from its headers (Orbit sends each message to one address). */
function recipientOf(message: string): string | undefined {
  const headerEnd = message.indexOf('\n\n');
  const to = /^To: (.*)$/im.exec(headerEnd < 0 ? message : message.slice(0, headerEnd))?.[1]?.trim().toLowerCase();
  // nodemailer writes a bare address as it is, a named one as `Name <address>`.
  return to?.match(/<([^>]+)>$/)?.[1] ?? to;
}

const mailPlugin: FastifyPluginCallback<MailPluginOptions> = (app, options, done) => {
  const from = options.from ?? DEFAULT_MAIL_FROM;
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  // streamTransport with buffer: the whole RFC 822 message, ready for a file.
  const rendering = smtp ? null : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  async function send(message: MailMessage): Promise<void> {
    const mail = {
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
    };
    if (smtp) {
      await smtp.sendMail(mail);
      // Never the address: a log outlives an account deleted, and the address is the person's.
      app.log.info({ subject: message.subject }, 'Email sent');
      return;
    }
    if (!rendering) throw new Error('no mail transport');
    const rendered = await rendering.sendMail(mail);
    await fs.mkdir(options.outboxDir, { recursive: true });
    const file = path.join(options.outboxDir, outboxFileName(new Date()));
    // Written under another name and renamed: whoever watches the outbox never reads half a message.
    await fs.writeFile(`${file}.part`, rendered.message);
    await fs.rename(`${file}.part`, file);
    const linkToLog = options.logLinks && message.link ? `: ${message.link}` : '';
    app.log.info({ file, subject: message.subject }, `Email written to the outbox${linkToLog}`);
  }

  const running = new Set<Promise<void>>();
  function inBackground(work: () => Promise<void>, log: FastifyBaseLogger = app.log): void {
    // setImmediate: the caller's answer is on its way before any of the work starts.
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => log.error({ err: error }, 'sending an email failed'))
      .finally(() => running.delete(task));
    running.add(task);
  }
  async function idle(): Promise<void> {
    while (running.size > 0) await Promise.all(running);
  }

  async function discardMailTo(address: string): Promise<void> {
    if (smtp) return;
    await idle();
    const wanted = address.trim().toLowerCase();
    const names = await fs.readdir(options.outboxDir).catch(() => [] as string[]);
    for (const name of names.filter((each) => each.endsWith('.eml'))) {
      const file = path.join(options.outboxDir, name);
      if (recipientOf(await fs.readFile(file, 'utf8')) === wanted) await fs.rm(file, { force: true });
    }
  }

  app.decorate('mailer', {
    send,
    inBackground,
    idle,
    discardMailTo,
    publicUrl: options.publicUrl.replace(/\/+$/, ''),
    outboxDir: smtp ? null : options.outboxDir,
  } satisfies Mailer);

  if (!smtp && !options.logLinks) {
    // Said once, at start: members are told mail was sent, and none leaves this machine.
    app.addHook('onReady', (hookDone) => {
      app.log.warn(`SMTP_URL is not set: emails are written to ${options.outboxDir} and none is sent; members get no reset links, receipts or notices by email until it is set.`);
      hookDone();
    });
  }

  // Mail still being prepared needs the database, which closes after this hook.
  app.addHook('preClose', async () => {
    await idle();
    smtp?.close();
  });
  done();
};

export default fp(mailPlugin, { name: 'orbit-mail', fastify: '5.x', dependencies: ['orbit-database'] });
