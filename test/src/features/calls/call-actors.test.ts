import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, setup, toPromise, type AnyActorLogic, type AnyEventObject } from 'xstate';
import type { CallSignal, IceServersResponse } from '../../../../contract/calls';
import type { CommandAnswer } from '../../../../contract/realtime';
import type { CallLinkEvent } from '../../../../machines/calls/video-call.machine';
import {
  CallRefusalError,
  createCallConnection,
  createCallEffects,
  createRealCallActors,
  type CallConnection,
} from '../../../../src/features/calls/call-actors';
import type { PeerConnection } from '../../../../src/features/calls/call-link';
import { createIncomingCallActors, createIncomingCallEffects } from '../../../../src/features/calls/incoming-call-actors';
import { createRealtimeHub, type CallHubEvent } from '../../../../src/realtime/hub';
import { FakePeerConnection, FakeStream, cameraAndMicrophone, settle } from './fake-peer-connection';

const CALL = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const OTHER_CALL = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const PRIYA = { id: 'priya-1', name: 'Priya Shah', avatar: '/api/media/avatar/priya' };

/** The tab's hub with a server that answers commands as the test says (ok unless told otherwise). */
function fakeHub() {
  const hub = createRealtimeHub();
  const commands: Array<{ name: string; payload: unknown }> = [];
  const answers = new Map<string, CommandAnswer>();
  hub.setCommandSender((name, payload) => {
    commands.push({ name, payload });
    return Promise.resolve(answers.get(name) ?? { ok: true });
  });
  hub.publish({ type: 'status', status: 'connected' });
  const server = (event: CallHubEvent) => hub.publish({ type: 'call', event });
  const signal = (callId: string, payload: CallSignal) => server({ name: 'call:signal', payload: { callId, signal: payload } });
  const sentSignals = () =>
    commands.flatMap((command) => (command.name === 'call:signal' ? [command.payload as { callId: string; signal: CallSignal }] : []));
  return { hub, commands, answers, server, signal, sentSignals };
}

/** An offer as the fake peer connection writes them: audio and video from the caller. */
const callerOffer: CallSignal = {
  kind: 'description',
  description: {
    type: 'offer',
    sdp: JSON.stringify({
      from: 'caller',
      ufrag: 'caller-u1',
      media: [
        { mid: '0', kind: 'audio', direction: 'sendrecv' },
        { mid: '1', kind: 'video', direction: 'sendrecv' },
      ],
    }),
  },
};
const callerCandidate: CallSignal = {
  kind: 'candidate',
  candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0, usernameFragment: 'caller-u1' },
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function connectionFor(hubSetup: ReturnType<typeof fakeHub>, iceServers: () => Promise<IceServersResponse>) {
  const made: FakePeerConnection[] = [];
  const connection = createCallConnection({
    hub: hubSetup.hub,
    session: cameraAndMicrophone('callee'),
    iceServers,
    createPeerConnection: (configuration) => {
      const pc = new FakePeerConnection(`callee${made.length || ''}`, configuration);
      made.push(pc);
      return pc as unknown as PeerConnection;
    },
    createMediaStream: () => new FakeStream() as unknown as MediaStream,
  });
  return { connection, made };
}

const TURN: IceServersResponse = {
  iceServers: [{ urls: ['turn:127.0.0.1:3478'], username: '1790000000:me', credential: 'c2VjcmV0' }],
  expiresAt: '2026-11-27T08:00:00.000Z',
};

/** A parent machine that invokes one actor and keeps what it sends back. */
function invoke(logic: AnyActorLogic, input: unknown) {
  const received: AnyEventObject[] = [];
  const parent = createActor(
    setup({ actors: { child: logic } }).createMachine({
      invoke: { id: 'child', src: 'child', input: () => input as never },
      on: { '*': { actions: ({ event }) => void received.push(event) } },
    }),
  );
  parent.start();
  const child = parent.getSnapshot().children.child;
  if (!child) throw new Error('the actor did not start');
  return { parent, child, received };
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a call connection (one screen, over the hub)', () => {
  it('keeps the offer and candidates that come before it is ready, configures the ICE servers, and answers over the hub', async () => {
    const hubSetup = fakeHub();
    const servers = deferred<IceServersResponse>();
    const { connection, made } = connectionFor(hubSetup, () => servers.promise);
    // The caller's offer overtakes this tab's own start, its candidate the ICE servers request.
    hubSetup.signal(CALL, callerOffer);
    connection.start(CALL, true);
    hubSetup.signal(CALL, callerCandidate);
    // Someone else's call is none of this one's business.
    hubSetup.signal(OTHER_CALL, { kind: 'media', muted: true, cameraOff: true });
    await settle();
    expect(made).toEqual([]);
    servers.resolve(TURN);
    await settle();
    const [pc] = made;
    expect(pc?.configuration).toEqual({ iceServers: TURN.iceServers });
    expect(pc?.remoteDescription?.sdp).toBe(callerOffer.description.sdp);
    expect(pc?.addedCandidates).toEqual([callerCandidate.candidate]);
    const answers = hubSetup.sentSignals().filter((sent) => sent.signal.kind === 'description');
    expect(answers).toEqual([{ callId: CALL, signal: { kind: 'description', description: { type: 'answer', sdp: expect.any(String) as string } } }]);
    // Its own candidate went out too, for this call.
    expect(hubSetup.sentSignals().some((sent) => sent.callId === CALL && sent.signal.kind === 'candidate')).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it('without the ICE servers list, still connects with host candidates only', async () => {
    const hubSetup = fakeHub();
    const { connection, made } = connectionFor(hubSetup, () => Promise.reject(new Error('offline')));
    connection.start(CALL, false);
    await settle();
    expect(made[0]?.configuration).toEqual({ iceServers: [] });
    // The caller offers at once.
    expect(hubSetup.sentSignals()[0]).toMatchObject({ callId: CALL, signal: { kind: 'description', description: { type: 'offer' } } });
  });

  it('shows the other side\'s tracks, tells of the link\'s state and the other side\'s media, and lets go on stop', async () => {
    const hubSetup = fakeHub();
    const { connection, made } = connectionFor(hubSetup, () => Promise.resolve(TURN));
    const views: number[] = [];
    connection.subscribe(() => views.push(connection.getRemoteView().version));
    const events: CallLinkEvent[] = [];
    connection.onEvent((event) => events.push(event));
    connection.start(CALL, true);
    hubSetup.signal(CALL, callerOffer);
    await settle();
    const view = connection.getRemoteView();
    expect(view.stream?.getTracks().map((track) => track.kind).sort()).toEqual(['audio', 'video']);
    expect(views.length).toBeGreaterThan(0);
    expect(views.at(-1)).toBe(view.version);

    made[0]?.reach('connected');
    hubSetup.signal(OTHER_CALL, { kind: 'media', muted: false, cameraOff: false });
    hubSetup.signal(CALL, { kind: 'media', muted: true, cameraOff: false });
    expect(events).toEqual([{ type: 'LINK_CONNECTED' }, { type: 'REMOTE_MEDIA', muted: true, cameraOff: false }]);

    connection.sendMediaState(false, true);
    expect(hubSetup.sentSignals().at(-1)).toEqual({ callId: CALL, signal: { kind: 'media', muted: false, cameraOff: true } });

    connection.stop();
    expect(made[0]?.closed).toBe(true);
    expect(connection.getRemoteView().stream).toBeNull();
    const sentBefore = hubSetup.commands.length;
    hubSetup.signal(CALL, { kind: 'media', muted: false, cameraOff: false });
    connection.sendMediaState(true, true);
    await settle();
    expect(events).toHaveLength(2);
    expect(hubSetup.commands).toHaveLength(sentBefore);
  });

  it('measures the quality from the connection\'s statistics', async () => {
    const hubSetup = fakeHub();
    const { connection, made } = connectionFor(hubSetup, () => Promise.resolve(TURN));
    connection.start(CALL, false);
    await settle();
    const pc = made[0];
    if (!pc) throw new Error('no peer connection');
    const reading = (lost: number, received: number, rtt: number) =>
      new Map<string, unknown>([
        ['IA', { type: 'inbound-rtp', kind: 'audio', jitter: 0.004, packetsLost: lost, packetsReceived: received }],
        ['CP', { type: 'candidate-pair', state: 'succeeded', nominated: true, currentRoundTripTime: rtt }],
      ]);
    pc.stats = reading(0, 500, 0.04);
    await expect(connection.measure()).resolves.toBe('good');
    // A very late, lossy link: three such readings make it poor.
    for (const [index, lost] of [200, 400, 600].entries()) {
      pc.stats = reading(lost, 500 + (index + 1) * 800, 0.9);
      await connection.measure();
    }
    await expect(connection.measure()).resolves.toBe('poor');
  });
});

describe('the real call actors', () => {
  it('signals: ringing, answered and ended for this call only', () => {
    const hubSetup = fakeHub();
    const actors = createRealCallActors({ hub: hubSetup.hub, connection: {} as CallConnection });
    const { received, parent } = invoke(actors.signals, { callId: CALL });
    hubSetup.server({ name: 'call:ringing', payload: { callId: OTHER_CALL } });
    hubSetup.server({ name: 'call:ringing', payload: { callId: CALL } });
    hubSetup.server({ name: 'call:answered', payload: { callId: CALL } });
    hubSetup.server({ name: 'call:ended', payload: { callId: OTHER_CALL, reason: 'declined', seconds: null } });
    hubSetup.server({ name: 'call:ended', payload: { callId: CALL, reason: 'hung-up', seconds: 192 } });
    expect(received).toEqual([{ type: 'RINGING' }, { type: 'ANSWERED' }, { type: 'REMOTE_ENDED', reason: 'hung-up', seconds: 192 }]);
    parent.stop();
    hubSetup.server({ name: 'call:ringing', payload: { callId: CALL } });
    expect(received).toHaveLength(3);
  });

  it('signals: takes the call back after the socket came back, and ends it when the call is gone meanwhile', async () => {
    const hubSetup = fakeHub();
    const resume = vi.fn();
    const actors = createRealCallActors({ hub: hubSetup.hub, connection: { resume } as unknown as CallConnection });
    const { received } = invoke(actors.signals, { callId: CALL });
    // Connected from the start: nothing to take back.
    hubSetup.hub.publish({ type: 'status', status: 'connected' });
    expect(hubSetup.commands).toEqual([]);
    hubSetup.hub.publish({ type: 'status', status: 'disconnected' });
    hubSetup.hub.publish({ type: 'status', status: 'connected' });
    expect(hubSetup.commands).toEqual([{ name: 'call:rejoin', payload: { callId: CALL } }]);
    await settle(2);
    expect(received).toEqual([]);
    // Back in the room: the link repeats what it sent meanwhile.
    expect(resume).toHaveBeenCalledTimes(1);

    hubSetup.answers.set('call:rejoin', { ok: false, status: 404, message: 'Call not found' });
    hubSetup.hub.publish({ type: 'status', status: 'disconnected' });
    hubSetup.hub.publish({ type: 'status', status: 'connected' });
    await settle(2);
    expect(received).toEqual([{ type: 'REMOTE_ENDED', reason: 'lost', seconds: null }]);
    expect(resume).toHaveBeenCalledTimes(1);
  });

  it('link: starts the connection for the call, passes its events up and the machine\'s commands down, stops it with the call', () => {
    const hubSetup = fakeHub();
    let listener: ((event: CallLinkEvent) => void) | undefined;
    const connection = {
      start: vi.fn(),
      stop: vi.fn(),
      restartIce: vi.fn(),
      sendMediaState: vi.fn(),
      measure: vi.fn(),
      subscribe: vi.fn(),
      getRemoteView: vi.fn(),
      onEvent: vi.fn((next: (event: CallLinkEvent) => void) => {
        listener = next;
        return () => {
          listener = undefined;
        };
      }),
    } satisfies CallConnection;
    const actors = createRealCallActors({ hub: hubSetup.hub, connection });
    const { parent, child, received } = invoke(actors.link, { callId: CALL, polite: true });
    expect(connection.start).toHaveBeenCalledWith(CALL, true);
    listener?.({ type: 'LINK_CONNECTED' });
    listener?.({ type: 'REMOTE_MEDIA', muted: false, cameraOff: true });
    expect(received).toEqual([{ type: 'LINK_CONNECTED' }, { type: 'REMOTE_MEDIA', muted: false, cameraOff: true }]);
    child.send({ type: 'RESTART_ICE' });
    child.send({ type: 'SEND_MEDIA_STATE', muted: true, cameraOff: false });
    expect(connection.restartIce).toHaveBeenCalledTimes(1);
    expect(connection.sendMediaState).toHaveBeenCalledWith(true, false);
    parent.stop();
    expect(connection.stop).toHaveBeenCalledTimes(1);
    expect(listener).toBeUndefined();
  });

  it('invite and answer: done when the server says ok, else refused with its status and message', async () => {
    const hubSetup = fakeHub();
    const actors = createRealCallActors({ hub: hubSetup.hub, connection: {} as CallConnection });
    await toPromise(createActor(actors.invite, { input: { callId: CALL, peerId: PRIYA.id } }).start());
    expect(hubSetup.commands).toEqual([{ name: 'call:invite', payload: { callId: CALL, calleeId: PRIYA.id } }]);

    hubSetup.answers.set('call:invite', { ok: false, status: 403, message: 'Video calls open once you match.' });
    await expect(toPromise(createActor(actors.invite, { input: { callId: CALL, peerId: PRIYA.id } }).start())).rejects.toMatchObject({
      status: 403,
      message: 'Video calls open once you match.',
    });

    hubSetup.answers.set('call:answer', { ok: false, status: 409, message: 'This call was answered on another device' });
    const refused = toPromise(createActor(actors.answer, { input: { callId: CALL } }).start());
    await expect(refused).rejects.toBeInstanceOf(CallRefusalError);
    await expect(refused).rejects.toMatchObject({ status: 409, message: 'This call was answered on another device' });

    // Never reached the server: a message for members, not the hub's.
    hubSetup.answers.set('call:answer', { ok: false, status: 0, message: 'Not connected' });
    await expect(toPromise(createActor(actors.answer, { input: { callId: CALL } }).start())).rejects.toMatchObject({
      status: 0,
      message: expect.stringContaining('could not reach the server') as string,
    });
  });

  it('measureQuality asks the connection; hangUp tells the server', async () => {
    const hubSetup = fakeHub();
    const connection = { measure: vi.fn(() => Promise.resolve('fair' as const)) } as unknown as CallConnection;
    const actors = createRealCallActors({ hub: hubSetup.hub, connection });
    await expect(toPromise(createActor(actors.measureQuality).start())).resolves.toBe('fair');
    createCallEffects(hubSetup.hub).hangUp(undefined, { callId: CALL, reason: 'lost' });
    expect(hubSetup.commands).toEqual([{ name: 'call:hangup', payload: { callId: CALL, reason: 'lost' } }]);
  });
});

describe('the incoming call actors', () => {
  it('incomingCalls: a call, taken or over, for the panel', () => {
    const hubSetup = fakeHub();
    const { received } = invoke(createIncomingCallActors(hubSetup.hub).incomingCalls, undefined);
    hubSetup.server({ name: 'call:incoming', payload: { callId: CALL, peer: PRIYA } });
    hubSetup.server({ name: 'call:ringing', payload: { callId: CALL } });
    hubSetup.server({ name: 'call:answered', payload: { callId: CALL } });
    hubSetup.server({ name: 'call:ended', payload: { callId: OTHER_CALL, reason: 'cancelled', seconds: null } });
    hubSetup.hub.publish({ type: 'typing', peerId: PRIYA.id });
    expect(received).toEqual([
      { type: 'INCOMING', callId: CALL, peer: PRIYA },
      { type: 'CALL_TAKEN', callId: CALL },
      { type: 'CALL_ENDED', callId: OTHER_CALL },
    ]);
  });

  it('announceRinging and decline tell the server', () => {
    const hubSetup = fakeHub();
    const effects = createIncomingCallEffects(hubSetup.hub);
    effects.announceRinging(undefined, { callId: CALL });
    effects.decline(undefined, { callId: CALL });
    expect(hubSetup.commands).toEqual([
      { name: 'call:ringing', payload: { callId: CALL } },
      { name: 'call:decline', payload: { callId: CALL } },
    ]);
  });
});
