import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import mailPlugin, { type MailPluginOptions } from '../../../server/mail/mailer';
import { outboxMessages } from '../helpers/outbox';

const LINK = 'http://localhost:5002/reset-password?token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const cleanUps: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0)) await cleanUp();
});

/** The mail plugin alone (its one dependency stubbed), with its log lines collected. */
async function mailApp(options: Partial<MailPluginOptions> = {}) {
  const outboxDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-mail-test-')), 'outbox');
  const logLines: Array<{ level: number; msg: string }> = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void logLines.push(JSON.parse(line) as { level: number; msg: string }) } } });
  await app.register(fp(async () => {}, { name: 'orbit-database' }));
  await app.register(mailPlugin, { outboxDir, publicUrl: 'http://localhost:5002/', ...options });
  await app.ready();
  cleanUps.push(async () => {
    await app.close();
    fs.rmSync(path.dirname(outboxDir), { recursive: true, force: true });
  });
  return { app, outboxDir, logLines };
}

describe('mailer', () => {
  it('without SMTP, writes each message as an .eml file to the outbox and logs its link in development', async () => {
    const { app, outboxDir, logLines } = await mailApp({ logLinks: true });
    expect(app.mailer.publicUrl).toBe('http://localhost:5002');
    expect(fs.existsSync(outboxDir)).toBe(false);

    await app.mailer.send({ to: 'sam@example.com', subject: 'Reset your Orbit password', text: `Open this:\n\n${LINK}\n`, link: LINK });

    const [message, ...others] = outboxMessages(outboxDir);
    expect(others).toEqual([]);
    expect(message).toMatchObject({ to: 'sam@example.com', subject: 'Reset your Orbit password' });
    expect(message?.body).toContain(LINK);
    expect(fs.readFileSync(message?.file ?? '', 'utf8')).toMatch(/^From: Orbit <no-reply@localhost>$/m);
    expect(fs.readdirSync(outboxDir).filter((name) => name.endsWith('.part'))).toEqual([]);
    expect(logLines.map((line) => line.msg)).toContain(`Email written to the outbox: ${LINK}`);
    expect(JSON.stringify(logLines)).not.toContain('sam@example.com');
    expect(logLines.some((line) => line.level === 40)).toBe(false);
  });

  it('in production without SMTP, warns once at start that no mail is sent, and never logs a link or an address', async () => {
    const { app, outboxDir, logLines } = await mailApp();
    const warnings = logLines.filter((line) => line.level === 40).map((line) => line.msg);
    expect(warnings).toEqual([expect.stringContaining(`SMTP_URL is not set: emails are written to ${outboxDir} and none is sent`)]);

    await app.mailer.send({ to: 'sam@example.com', subject: 'Reset your Orbit password', text: `Open this:\n\n${LINK}\n`, link: LINK });

    expect(outboxMessages(outboxDir).map((message) => message.to)).toEqual(['sam@example.com']);
    expect(logLines.map((line) => line.msg)).toContain('Email written to the outbox');
    expect(JSON.stringify(logLines)).not.toContain(LINK.slice(LINK.indexOf('token=') + 'token='.length));
    expect(JSON.stringify(logLines)).not.toContain('sam@example.com');
  });

  it('with SMTP, writes nothing to disk, never logs the link, and a failed send is logged, not thrown', async () => {
    // Port 1 on this machine: nothing listens, the connection is refused at once.
    const { app, outboxDir, logLines } = await mailApp({ smtpUrl: 'smtp://127.0.0.1:1', from: 'Orbit <hello@orbit.example.com>' });
    expect(app.mailer.outboxDir).toBeNull();

    app.mailer.inBackground(() => app.mailer.send({ to: 'sam@example.com', subject: 'Reset', text: LINK, link: LINK }));
    await app.mailer.idle();

    expect(fs.existsSync(outboxDir)).toBe(false);
    expect(logLines.some((line) => line.level >= 50 && line.msg === 'sending an email failed')).toBe(true);
    expect(JSON.stringify(logLines)).not.toContain(LINK);
    expect(JSON.stringify(logLines)).not.toContain('sam@example.com');
  });
});
