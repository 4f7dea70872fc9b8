import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallSignal } from '../../../../contract/calls';
import type { CallLinkEvent } from '../../../../machines/calls/video-call.machine';
import { CallLink, type PeerConnection } from '../../../../src/features/calls/call-link';
import {
  FakeMediaSession,
  FakePeerConnection,
  FakeStream,
  FakeTrack,
  cameraAndMicrophone,
  settle,
} from './fake-peer-connection';

/**
 * The negotiation logic of one call's peer connection, between two links
 * wired to each other through an ordered relay (as the realtime channel is).
 * Real media between two browsers is the end-to-end tests' part.
 */

interface Side {
  link: CallLink;
  pc: FakePeerConnection;
  events: CallLinkEvent[];
  remoteTracks: unknown[];
  /** What this side sent, in order. */
  sent: CallSignal[];
}

function makeSide(name: string, polite: boolean, media: FakeMediaSession, deliver: (signal: CallSignal) => void): Side {
  let pc: FakePeerConnection | undefined;
  const events: CallLinkEvent[] = [];
  const remoteTracks: unknown[] = [];
  const sent: CallSignal[] = [];
  const link = new CallLink({
    configuration: { iceServers: [] },
    polite,
    media,
    send: (signal) => {
      sent.push(signal);
      deliver(signal);
    },
    onEvent: (event) => events.push(event),
    onRemoteTrack: (track) => remoteTracks.push(track),
    createPeerConnection: (configuration) => {
      pc = new FakePeerConnection(name, configuration);
      return pc as unknown as PeerConnection;
    },
  });
  if (!pc) throw new Error('no peer connection');
  return { link, pc, events, remoteTracks, sent };
}

/** A caller and a callee whose signals reach each other in order, unless the relay is held. */
function makeCall({ callerMedia = cameraAndMicrophone('caller'), calleeMedia = cameraAndMicrophone('callee') } = {}) {
  let held = false;
  const queue: Array<() => void> = [];
  const relay = (to: () => Side) => (signal: CallSignal) => {
    queue.push(() => to().link.receive(signal));
    if (!held) setTimeout(flush, 0);
  };
  const flush = () => {
    while (!held && queue.length) queue.shift()?.();
  };
  const caller: Side = makeSide('caller', false, callerMedia, relay(() => callee));
  const callee: Side = makeSide('callee', true, calleeMedia, relay(() => caller));
  return {
    caller,
    callee,
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      flush();
    },
    /** The held signals are lost (the socket dropped with them). */
    drop: () => {
      queue.length = 0;
      held = false;
    },
  };
}

const descriptions = (side: Side) =>
  side.sent.flatMap((signal) => (signal.kind === 'description' ? [signal.description.type] : []));

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a call link (perfect negotiation)', () => {
  it('the caller offers, the callee answers with its own tracks: one round, each side receives audio and video', async () => {
    const { caller, callee } = makeCall();
    await settle();
    expect(descriptions(caller)).toEqual(['offer']);
    // The callee never offered: its tracks rode on the answer.
    expect(descriptions(callee)).toEqual(['answer']);
    expect(caller.pc.signalingState).toBe('stable');
    expect(callee.pc.signalingState).toBe('stable');
    expect(caller.pc.receivedKinds().sort()).toEqual(['audio', 'video']);
    expect(callee.pc.receivedKinds().sort()).toEqual(['audio', 'video']);
    expect(caller.remoteTracks).toHaveLength(2);
    expect(callee.remoteTracks).toHaveLength(2);
    // Each side's candidate reached the other.
    expect(caller.pc.addedCandidates).toHaveLength(1);
    expect(callee.pc.addedCandidates).toHaveLength(1);
    expect(callee.pc.rollbacks).toBe(0);
    expect(warn).not.toHaveBeenCalled();
  });

  it('an audio-only caller still receives the callee\'s picture', async () => {
    const audioOnly = new FakeMediaSession(new FakeStream([new FakeTrack('audio', 'caller-mic')]));
    const { caller, callee } = makeCall({ callerMedia: audioOnly });
    await settle();
    expect(caller.pc.receivedKinds().sort()).toEqual(['audio', 'video']);
    expect(callee.pc.receivedKinds()).toEqual(['audio']);
    expect(descriptions(caller)).toEqual(['offer']);
    expect(descriptions(callee)).toEqual(['answer']);
  });

  it('adds candidates that come before the remote description once it is set', async () => {
    const sent: CallSignal[] = [];
    let pc: FakePeerConnection | undefined;
    const callee = new CallLink({
      configuration: {},
      polite: true,
      media: cameraAndMicrophone('callee'),
      send: (signal) => sent.push(signal),
      onEvent: () => {},
      onRemoteTrack: () => {},
      createPeerConnection: (configuration) => {
        pc = new FakePeerConnection('callee', configuration);
        return pc as unknown as PeerConnection;
      },
    });
    const offer = {
      type: 'offer' as const,
      sdp: JSON.stringify({ from: 'caller', ufrag: 'caller-u1', media: [{ mid: '0', kind: 'audio', direction: 'sendrecv' }] }),
    };
    const candidate = { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0, usernameFragment: 'caller-u1' };
    callee.receive({ kind: 'candidate', candidate });
    await settle();
    expect(pc?.addedCandidates).toEqual([]);
    callee.receive({ kind: 'description', description: offer });
    await settle();
    expect(pc?.addedCandidates).toEqual([candidate]);
    expect(sent.find((signal) => signal.kind === 'description')).toMatchObject({ description: { type: 'answer' } });
    expect(warn).not.toHaveBeenCalled();
  });

  it('both sides offering at once: the polite callee rolls back and answers, the impolite caller ignores its offer', async () => {
    const call = makeCall();
    await settle();
    const { caller, callee } = call;
    // Both notice the drop and restart ICE before either hears of the other.
    call.hold();
    caller.link.restartIce();
    callee.link.restartIce();
    await settle();
    expect(caller.pc.signalingState).toBe('have-local-offer');
    expect(callee.pc.signalingState).toBe('have-local-offer');
    call.release();
    await settle();
    expect(callee.pc.rollbacks).toBe(1);
    expect(caller.pc.rollbacks).toBe(0);
    expect(caller.pc.signalingState).toBe('stable');
    expect(callee.pc.signalingState).toBe('stable');
    // The caller's restart offer won; the callee's answer to it carries its new ICE credentials.
    const callerOffer = JSON.parse(caller.pc.localDescription?.sdp ?? '{}') as { ufrag: string };
    expect(callerOffer.ufrag).toBe('caller-u2');
    expect(JSON.parse(callee.pc.remoteDescription?.sdp ?? '{}')).toMatchObject({ ufrag: 'caller-u2' });
    expect(descriptions(callee)).toEqual(['answer', 'offer', 'answer']);
    // The candidate of the callee's dropped offer failed quietly; the new ones were added.
    const calleeAnswer = JSON.parse(caller.pc.remoteDescription?.sdp ?? '{}') as { ufrag: string };
    expect(caller.pc.addedCandidates.at(-1)?.usernameFragment).toBe(calleeAnswer.ufrag);
    expect(warn).not.toHaveBeenCalled();
  });

  it('reports connected and interrupted once each, and an ICE restart renegotiates with new credentials', async () => {
    const { caller, callee } = makeCall();
    await settle();
    caller.pc.reach('checking');
    caller.pc.reach('connected');
    caller.pc.reach('disconnected');
    caller.pc.reach('failed');
    expect(caller.events).toEqual([{ type: 'LINK_CONNECTED' }, { type: 'LINK_INTERRUPTED' }]);

    caller.link.restartIce();
    await settle();
    expect(descriptions(caller)).toEqual(['offer', 'offer']);
    expect(JSON.parse(callee.pc.remoteDescription?.sdp ?? '{}')).toMatchObject({ ufrag: 'caller-u2' });
    expect(caller.pc.signalingState).toBe('stable');
    caller.pc.reach('checking');
    expect(caller.events).toHaveLength(2);
    caller.pc.reach('connected');
    expect(caller.events.at(-1)).toEqual({ type: 'LINK_CONNECTED' });
  });

  it('after a dropped socket, repeats an unanswered offer, or restarts ICE when not connected', async () => {
    const call = makeCall();
    await settle();
    const { caller, callee } = call;
    caller.pc.reach('connected');
    // Connected: media never went through the socket, nothing to repeat.
    caller.link.resume();
    await settle();
    expect(descriptions(caller)).toEqual(['offer']);

    // The restart offer is lost with the socket.
    call.hold();
    caller.pc.reach('failed');
    caller.link.restartIce();
    await settle();
    expect(caller.pc.signalingState).toBe('have-local-offer');
    call.drop();
    caller.link.resume();
    await settle();
    expect(descriptions(caller)).toEqual(['offer', 'offer', 'offer']);
    expect(caller.pc.signalingState).toBe('stable');
    expect(JSON.parse(callee.pc.remoteDescription?.sdp ?? '{}')).toMatchObject({ ufrag: 'caller-u2' });

    // Stable but not connected: a new ICE restart, from either side.
    const calleeUfrag = (JSON.parse(caller.pc.remoteDescription?.sdp ?? '{}') as { ufrag: string }).ufrag;
    callee.pc.reach('disconnected');
    callee.link.resume();
    await settle();
    expect(descriptions(callee).filter((type) => type === 'offer')).toHaveLength(1);
    expect(descriptions(caller).at(-1)).toBe('answer');
    expect(caller.pc.signalingState).toBe('stable');
    expect((JSON.parse(caller.pc.remoteDescription?.sdp ?? '{}') as { ufrag: string }).ufrag).not.toBe(calleeUfrag);
  });

  it('passes the other side\'s muted and camera-off state on', () => {
    const { caller } = makeCall();
    caller.link.receive({ kind: 'media', muted: true, cameraOff: false });
    expect(caller.events).toEqual([{ type: 'REMOTE_MEDIA', muted: true, cameraOff: false }]);
  });

  it('follows a camera switch by replacing the video track, without renegotiating', async () => {
    const callerMedia = cameraAndMicrophone('caller');
    const { caller } = makeCall({ callerMedia });
    await settle();
    const back = new FakeTrack('video', 'caller-back-camera');
    callerMedia.switchCamera(back);
    await settle();
    const videoSender = caller.pc.getSenders().find((sender) => sender.track?.kind === 'video');
    expect(videoSender?.track).toBe(back);
    expect(videoSender?.replaced).toEqual([back]);
    expect(descriptions(caller)).toEqual(['offer']);
  });

  it('stops everything on close: no more signals, no events', async () => {
    const { caller, callee } = makeCall();
    await settle();
    caller.link.close();
    expect(caller.pc.closed).toBe(true);
    const before = caller.sent.length;
    caller.link.restartIce();
    caller.link.receive({ kind: 'media', muted: true, cameraOff: true });
    callee.link.restartIce();
    await settle();
    expect(caller.sent).toHaveLength(before);
    expect(caller.events).toEqual([]);
  });
});
