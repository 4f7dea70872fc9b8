import { describe, expect, it } from 'vitest';
import { LocalMediaSession, MediaAccessError } from '../../../../src/features/media/local-media';
import { fakeMediaDevices } from './fake-media';

describe('a screen’s local media session', () => {
  it('starts the camera and microphone and reports them, the camera in use first', async () => {
    const fake = fakeMediaDevices({ cameras: ['front-camera', 'back-camera'] });
    const session = new LocalMediaSession(fake.devices);
    await expect(session.start({ video: true })).resolves.toEqual({ hasVideo: true, hasAudio: true, cameraCount: 2 });
    expect(fake.requests).toEqual([{ video: true, audio: true }]);
    expect(session.getView().stream?.getTracks().map((track) => track.kind)).toEqual(['video', 'audio']);
  });

  it('mutes and turns the camera off by disabling the tracks, not stopping them', async () => {
    const fake = fakeMediaDevices();
    const session = new LocalMediaSession(fake.devices);
    await session.start({ video: true });
    session.setAudioEnabled(false);
    session.setVideoEnabled(false);
    expect(fake.created.map((track) => [track.kind, track.enabled, track.readyState])).toEqual([
      ['video', false, 'live'],
      ['audio', false, 'live'],
    ]);
    session.setAudioEnabled(true);
    expect(fake.created.find((track) => track.kind === 'audio')?.enabled).toBe(true);
  });

  it('switches to the next camera, stopping the old one and keeping camera off', async () => {
    const fake = fakeMediaDevices({ cameras: ['front-camera', 'back-camera'] });
    const session = new LocalMediaSession(fake.devices);
    await session.start({ video: true });
    session.setVideoEnabled(false);
    const before = session.getView().version;
    await session.switchCamera(1);
    const [front, , back] = fake.created;
    expect(front?.readyState).toBe('ended');
    expect(back).toMatchObject({ kind: 'video', deviceId: 'back-camera', enabled: false, readyState: 'live' });
    expect(session.getView().stream?.getVideoTracks()).toEqual([back]);
    expect(session.getView().version).toBeGreaterThan(before);
    await expect(session.switchCamera(5)).rejects.toBeInstanceOf(MediaAccessError);
  });

  it('stops every track on release, and stops a stream that arrives after the screen was left', async () => {
    const fake = fakeMediaDevices();
    const session = new LocalMediaSession(fake.devices);
    await session.start({ video: true });
    session.release();
    expect(fake.live()).toEqual([]);
    expect(session.getView().stream).toBeNull();

    const late = new LocalMediaSession(fake.devices);
    const starting = late.start({ video: true });
    late.release();
    await expect(starting).rejects.toMatchObject({ kind: 'unavailable' });
    expect(fake.live()).toEqual([]);
  });

  it('keeps what arrives after the screen came back (React StrictMode mounts twice)', async () => {
    const fake = fakeMediaDevices();
    const session = new LocalMediaSession(fake.devices);
    session.release();
    session.activate();
    await session.start({ video: false });
    expect(fake.live().map((track) => track.kind)).toEqual(['audio']);
  });

  it('passes on a refusal and says when the browser has no media devices at all', async () => {
    const denied = new DOMException('Permission denied', 'NotAllowedError');
    const session = new LocalMediaSession(fakeMediaDevices({ videoError: denied }).devices);
    await expect(session.start({ video: true })).rejects.toBe(denied);
    await expect(new LocalMediaSession(undefined).start({ video: true })).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
