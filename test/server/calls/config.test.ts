import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CALL_RING_MS } from '../../../contract/calls';
import { ConfigError, loadConfig, parseEnv } from '../../../server/environment';

const tempDirs: string[] = [];
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-call-config-'));
  tempDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const SECRET = 'a-long-enough-turn-secret-value';

describe('call settings from the environment', () => {
  it('rings for the contract time with no ICE servers unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).calls).toEqual({ ringMs: CALL_RING_MS, stunUrls: [], turn: undefined });
  });

  it('reads STUN, TURN with its secret and TTL, and the ring time', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      CALL_RING_MS: '5000',
      STUN_URLS: 'stun:stun.example.com:3478, stun:stun2.example.com',
      TURN_URLS: 'turn:turn.example.com:3478?transport=udp,turns:turn.example.com:5349',
      TURN_SECRET: SECRET,
      TURN_CREDENTIAL_TTL_SECONDS: '900',
    });
    expect(config.calls).toEqual({
      ringMs: 5000,
      stunUrls: ['stun:stun.example.com:3478', 'stun:stun2.example.com'],
      turn: { urls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'], secret: SECRET, credentialTtlSeconds: 900 },
    });
    expect(loadConfig({ DATA_DIR: dataDir(), TURN_URLS: 'turn:t.example.com', TURN_SECRET: SECRET }).calls?.turn?.credentialTtlSeconds).toBe(3600);
  });

  it('refuses TURN_URLS without TURN_SECRET and the other way round, naming both and never the secret', () => {
    expect(() => parseEnv({ TURN_URLS: 'turn:turn.example.com' })).toThrow(ConfigError);
    expect(() => parseEnv({ TURN_URLS: 'turn:turn.example.com' })).toThrow('TURN_URLS, TURN_SECRET: set both or neither');
    let error: unknown;
    try {
      parseEnv({ TURN_SECRET: SECRET });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('set both or neither');
    expect((error as Error).message).not.toContain(SECRET);
  });

  it('refuses URLs of the wrong scheme, a ring time under a second and a short secret', () => {
    expect(() => parseEnv({ STUN_URLS: 'http://stun.example.com' })).toThrow(/STUN_URLS/);
    expect(() => parseEnv({ TURN_URLS: 'stun:x.example.com', TURN_SECRET: SECRET })).toThrow(/TURN_URLS/);
    expect(() => parseEnv({ CALL_RING_MS: '999' })).toThrow(/CALL_RING_MS/);
    expect(() => parseEnv({ TURN_URLS: 'turn:x.example.com', TURN_SECRET: 'short' })).toThrow(/TURN_SECRET/);
  });
});
