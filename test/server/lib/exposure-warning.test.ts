import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { demoExposureWarning, isLoopbackHost, warnIfDemoIsExposed } from '../../../server/lib/exposure-warning';
import { capturedLogs } from '../helpers/captured-logs';

describe('isLoopbackHost', () => {
  it.each(['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])('%s stays on this machine', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['0.0.0.0', '::', '[::]', '192.168.1.20', '10.0.0.5', 'orbit.example.com', '128.0.0.1', '::ffff:10.0.0.1', 'localhost.example.com'])(
    '%s lets other machines in',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );
});

describe('demoExposureWarning', () => {
  it('warns about the demo account and admin two-step verification when listening beyond loopback outside production', () => {
    const warning = demoExposureWarning({ host: '0.0.0.0', nodeEnv: 'development' });
    expect(warning).toContain('Orbit listens on 0.0.0.0');
    expect(warning).toContain('The demo account (username "demo") exists');
    expect(warning).toContain('without two-step verification');
    expect(warning).toContain('Set NODE_ENV=production');
    // The published password is not repeated into logs.
    expect(warning).not.toContain('orbit-demo-2026');
  });

  it('says nothing in production or on loopback', () => {
    expect(demoExposureWarning({ host: '0.0.0.0', nodeEnv: 'production' })).toBeNull();
    expect(demoExposureWarning({ host: 'localhost', nodeEnv: 'development' })).toBeNull();
    expect(demoExposureWarning({ host: '127.0.0.1', nodeEnv: 'test' })).toBeNull();
  });
});

describe('warnIfDemoIsExposed', () => {
  function logLines(config: Parameters<typeof warnIfDemoIsExposed>[1]) {
    const { lines, stream } = capturedLogs();
    const logged = warnIfDemoIsExposed(pino({ level: 'info' }, stream), config);
    return { logged, entries: lines.map((line) => JSON.parse(line) as { level: number; msg: string }) };
  }

  it('logs the warning once at warn level when exposed', () => {
    const { logged, entries } = logLines({ host: '::', nodeEnv: 'development' });
    expect(logged).toBe(true);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.level).toBe(40);
    expect(entries[0]?.msg).toContain('The demo account (username "demo") exists');
  });

  it('logs nothing on loopback or in production', () => {
    expect(logLines({ host: 'localhost', nodeEnv: 'development' })).toEqual({ logged: false, entries: [] });
    expect(logLines({ host: '0.0.0.0', nodeEnv: 'production' })).toEqual({ logged: false, entries: [] });
  });
});
