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
   * the outbox (no SMTP_URL): there it is how a developer follows the link.
   * Through SMTP it is a credential of the recipient's and stays out of logs.
   */
  link?: string;
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
}

/** A file name that sorts by time of writing and never collides. */
function outboxFileName(now: Date): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
}

const mailPlugin: FastifyPluginCallback<MailPluginOptions> = (app, options, done) => {
  const from = options.from ?? DEFAULT_MAIL_FROM;
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  // streamTransport with buffer: the whole RFC 822 message, ready for a file.
  const rendering = smtp ? null : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  async function send(message: MailMessage): Promise<void> {
    const mail = { from, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) };
    if (smtp) {
      await smtp.sendMail(mail);
      app.log.info({ subject: message.subject }, `Email sent to ${message.to}`);
      return;
    }
    if (!rendering) throw new Error('no mail transport');
    const rendered = await rendering.sendMail(mail);
    await fs.mkdir(options.outboxDir, { recursive: true });
    const file = path.join(options.outboxDir, outboxFileName(new Date()));
    // Written under another name and renamed: whoever watches the outbox never reads half a message.
    await fs.writeFile(`${file}.part`, rendered.message);
    await fs.rename(`${file}.part`, file);
    app.log.info({ file }, message.link ? `Email to ${message.to}: ${message.link}` : `Email to ${message.to} written to the outbox`);
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

  app.decorate('mailer', {
    send,
    inBackground,
    idle,
    publicUrl: options.publicUrl.replace(/\/+$/, ''),
    outboxDir: smtp ? null : options.outboxDir,
  } satisfies Mailer);

  // Mail still being prepared needs the database, which closes after this hook.
  app.addHook('preClose', async () => {
    await idle();
    smtp?.close();
  });
  done();
};

export default fp(mailPlugin, { name: 'orbit-mail', fastify: '5.x', dependencies: ['orbit-database'] });
