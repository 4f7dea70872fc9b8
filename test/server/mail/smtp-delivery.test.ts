import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginUser, registerUser } from '../helpers/accounts';
import { capturedLogs } from '../helpers/captured-logs';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/test-app';

// The mail path as production runs it with SMTP_URL: nodemailer hands each
// message to an SMTP server (here smtp-server, started by the test on
// loopback, with a login), and the test reads what arrived.

const SMTP_USER = 'orbit-mailer';
const SMTP_PASSWORD = 'smtp-password-never-in-a-message-42';
const MAIL_FROM = 'Orbit <hello@orbit.example.com>';
const PUBLIC_URL = 'https://orbit.example.com';
const NEW_PASSWORD = 'a-brand-new-passphrase-77';

interface Arrived {
  envelopeFrom: string;
  envelopeTo: string[];
  login: string | undefined;
  raw: string;
  parsed: ParsedMail;
}

/** A local SMTP server that accepts only Orbit's login and keeps every message it is handed. */
async function startSmtpServer() {
  const arrived: Arrived[] = [];
  const server = new SMTPServer({
    // Plain loopback, as a relay inside a private network; the login still has to be right.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: SMTP_USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            const from = session.envelope.mailFrom;
            arrived.push({
              envelopeFrom: from ? from.address : '',
              envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
              login: typeof session.user === 'string' ? session.user : undefined,
              raw,
              parsed,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, arrived, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let testApp: TestApp;
const logs = capturedLogs();

beforeAll(async () => {
  smtp = await startSmtpServer();
  testApp = await createTestApp({
    mail: { smtpUrl: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}`, mailFrom: MAIL_FROM, publicUrl: PUBLIC_URL },
    logger: { level: 'info', stream: logs.stream },
  });
});
afterAll(async () => {
  await testApp?.close();
  await smtp?.close();
});

describe('email through an SMTP server', () => {
  it('delivers the password reset: headers, a link that works, and no secret in the message or the log', async () => {
    const member = await registerUser(testApp.app);
    const email = member.body.email;

    const asked = await testApp.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(asked.statusCode).toBe(200);
    await testApp.app.mailer.idle();

    expect(testApp.app.mailer.outboxDir).toBeNull();
    // Registering sent the address check and the reset went beside it, nothing else. Each mail
    // travels on its own SMTP connection, so the order they arrive in is not a promise.
    expect(smtp.arrived.map((arrived) => arrived.parsed.subject).sort()).toEqual(['Confirm your email address for Orbit', 'Reset your Orbit password']);
    const message = smtp.arrived.find((arrived) => arrived.parsed.subject === 'Reset your Orbit password');
    if (!message) throw new Error('no reset reached the SMTP server');
    expect(message.login).toBe(SMTP_USER);
    expect(message.envelopeFrom).toBe('hello@orbit.example.com');
    expect(message.envelopeTo).toEqual([email]);
    expect(message.parsed.from?.value).toEqual([{ name: 'Orbit', address: 'hello@orbit.example.com' }]);
    expect(message.parsed.to && !Array.isArray(message.parsed.to) ? message.parsed.to.text : undefined).toBe(email);
    expect(message.parsed.subject).toBe('Reset your Orbit password');
    expect(message.parsed.messageId).toMatch(/^<.+@.+>$/);
    expect(message.parsed.date).toBeInstanceOf(Date);
    expect(message.parsed.text).toContain(`Hello ${member.body.username},`);

    const links = message.parsed.text?.match(/https:\/\/\S+/g) ?? [];
    expect(links).toHaveLength(1);
    const link = new URL(links[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
    const token = link.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Nothing secret travels: not the SMTP login's password, the JWT secret, the member's password or session.
    for (const secret of [SMTP_PASSWORD, TEST_JWT_SECRET, member.body.password, member.token]) expect(message.raw).not.toContain(secret);
    // Through SMTP the link is the member's credential: it stays out of the log.
    expect(logs.lines.join('\n')).not.toContain(token);
    expect(logs.lines.join('\n')).not.toContain(SMTP_PASSWORD);

    // The link is the real one: it resets the password, once.
    const reset = await testApp.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: NEW_PASSWORD } });
    expect(reset.statusCode, reset.body).toBe(200);
    const session = await loginUser(testApp.app, member.body.username, NEW_PASSWORD);
    const me = await testApp.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(session) });
    expect(me.statusCode).toBe(200);
  });
});
