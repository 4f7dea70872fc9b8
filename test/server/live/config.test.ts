import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_HOST_GRACE_MS } from '../../../contract/live';
import { ConfigError, DEFAULT_JANUS_URL, loadConfig, parseEnv } from '../../../server/environment';
import { MediaForwarderError, type MediaForwarder } from '../../../server/live/media/forwarder';
import { lazyForwarder } from '../../../server/live/media/lazy-forwarder';
import { FakeForwarder, fakeDescription } from './fake-forwarder';

const tempDirs: string[] = [];
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-live-config-'));
  tempDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('live settings from the environment', () => {
  it('uses werift in this process with the contract grace unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).live).toEqual({
      kind: 'werift',
      janusUrl: DEFAULT_JANUS_URL,
      janusApiSecret: undefined,
      announcedIp: undefined,
      portRange: undefined,
      hostGraceMs: LIVE_HOST_GRACE_MS,
    });
  });

  it('reads Janus, the announced address, the port range and the grace', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      LIVE_MEDIA: 'janus',
      JANUS_URL: 'wss://janus.internal:8989',
      JANUS_API_SECRET: 'janus-secret',
      LIVE_MEDIA_ANNOUNCED_IP: '203.0.113.7',
      LIVE_MEDIA_PORT_MIN: '40000',
      LIVE_MEDIA_PORT_MAX: '40100',
      LIVE_HOST_GRACE_MS: '3000',
    });
    expect(config.live).toEqual({
      kind: 'janus',
      janusUrl: 'wss://janus.internal:8989',
      janusApiSecret: 'janus-secret',
      announcedIp: '203.0.113.7',
      portRange: [40000, 40100],
      hostGraceMs: 3000,
    });
  });

  it.each([
    [{ LIVE_MEDIA: 'mediasoup' }, 'LIVE_MEDIA'],
    [{ JANUS_URL: 'janus:8188' }, 'JANUS_URL'],
    [{ JANUS_URL: 'http://janus.internal:8088/janus' }, 'JANUS_URL'],
    [{ LIVE_MEDIA_ANNOUNCED_IP: 'my-host' }, 'LIVE_MEDIA_ANNOUNCED_IP'],
    [{ LIVE_MEDIA_PORT_MIN: '40000' }, 'set both or neither'],
    [{ LIVE_MEDIA_PORT_MIN: '41000', LIVE_MEDIA_PORT_MAX: '40000' }, 'minimum'],
    [{ LIVE_MEDIA_PORT_MIN: '80', LIVE_MEDIA_PORT_MAX: '90' }, 'LIVE_MEDIA_PORT_MIN'],
    [{ LIVE_HOST_GRACE_MS: '10' }, 'LIVE_HOST_GRACE_MS'],
  ])('refuses %o, naming it', (env, named) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(named);
  });
});

describe('the forwarder started on need', () => {
  it('answers unavailable while its start fails, tries again later, and hands over listeners given before', async () => {
    const real = new FakeForwarder();
    let attempts = 0;
    let reachable = false;
    const lazy = lazyForwarder(
      'janus',
      () => {
        attempts += 1;
        return reachable ? Promise.resolve<MediaForwarder>(real) : Promise.reject(new Error('connection refused'));
      },
      { warn: () => {} },
    );
    const lost: string[] = [];
    lazy.onSourceLost((streamId) => lost.push(streamId));
    // Nothing started: letting go of nothing succeeds.
    await expect(lazy.unpublish('nothing')).resolves.toBeUndefined();
    const failure = await lazy.publish('s1', fakeDescription('offer')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MediaForwarderError);
    expect((failure as MediaForwarderError).code).toBe('unavailable');
    // Within the retry pause it does not hammer the unreachable server.
    await expect(lazy.publish('s1', fakeDescription('offer'))).rejects.toBeInstanceOf(MediaForwarderError);
    expect(attempts).toBe(1);

    reachable = true;
    const later = lazyForwarder('janus', () => Promise.resolve<MediaForwarder>(real), { warn: () => {} });
    later.onSourceLost((streamId) => lost.push(streamId));
    expect(await later.publish('s2', fakeDescription('offer'))).toBe(fakeDescription('answer-s2'));
    real.loseSource('s2');
    expect(lost).toEqual(['s2']);
    expect(later.counts()).toEqual({ sources: 0, subscriptions: 0 });
    await later.close();
    await expect(later.publish('s3', fakeDescription('offer'))).rejects.toBeInstanceOf(MediaForwarderError);
  });
});
