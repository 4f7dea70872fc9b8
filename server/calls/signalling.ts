import type { FastifyBaseLogger } from 'fastify';
import type { Realtime } from '../realtime/plugin';
import { HttpError } from '../plugins/errors';
import { createGraceTimers } from '../lib/grace-timers';
import { callRoom, type CallService } from './service';

export const NOT_IN_CALL_MESSAGE = 'This tab is not in that call';

export interface SignallingDeps {
  realtime: Realtime;
  calls: CallService;
  log: FastifyBaseLogger;
  /** How long a call rings (CALL_RING_MS). */
  ringMs: number;
  /** How long one side may be without a socket in the call before it is lost (CALL_LEG_GRACE_MS). */
  legGraceMs: number;
  /** How often calls this process has no timers for are checked (another process died with its timers). */
  sweepIntervalMs: number;
}

const CALL_ROOM_PREFIX = callRoom('');

/**
 * The `call:*` commands on the realtime channel, and the clocks of calls:
 * a ring timer per call this process took the invite of, a grace timer per
 * side that lost its socket, and a sweep for what another process's timers
 * would have done. Every ending is a conditional update, so a timer firing
 * for a call that already ended changes nothing.
 */
export function startCallSignalling({ realtime, calls, log, ringMs, legGraceMs, sweepIntervalMs }: SignallingDeps): { stop(): void } {
  const ringTimers = createGraceTimers();
  const legTimers = createGraceTimers();
  let stopped = false;
  let sweeping = false;

  const run = (work: () => Promise<unknown>): Promise<void> => {
    if (stopped) return Promise.resolve();
    return work().then(
      () => {},
      (error: unknown) => log.warn({ err: error }, 'call timer work failed'),
    );
  };

  /** Ends the call `no-answer` when its ring time, counted from its creation, is over. */
  const ringUntilTime = (call: { id: string; createdAt: Date }) => {
    const left = Math.max(0, call.createdAt.getTime() + ringMs - Date.now());
    ringTimers.start(call.id, left, () => void run(() => calls.endUnanswered(call.id)));
  };

  const legKey = (callId: string, memberId: string) => `${callId}|${memberId}`;
  const hasLeg = async (callId: string, memberId: string) => (await realtime.socketsIn(callRoom(callId))).some((socket) => socket.userId === memberId);

  /** One side has no socket in the call: unless one comes back (call:rejoin) within the grace, the call is lost. */
  const watchLeg = (callId: string, memberId: string) => {
    legTimers.start(legKey(callId, memberId), legGraceMs, () =>
      void run(async () => {
        if (!(await hasLeg(callId, memberId))) await calls.endLostLeg(callId, memberId);
      }),
    );
  };

  const forgetLeg = (callId: string, memberId: string) => legTimers.cancel(legKey(callId, memberId));

  calls.onEnded((call) => {
    ringTimers.cancel(call.id);
    forgetLeg(call.id, call.callerId);
    forgetLeg(call.id, call.calleeId);
  });

  realtime.handle('call:invite', async (member, command, socket) => {
    const { call } = await calls.invite(member, command, () => socket.join(callRoom(command.callId)));
    if (call.state === 'ringing') ringUntilTime(call);
  });

  realtime.handle('call:ringing', (member, { callId }) => calls.ringing(member, callId));

  // The answering tab joins the room before anyone hears of the answer, so the caller's first offer finds it there.
  realtime.handle('call:answer', async (member, { callId }, socket) => {
    await calls.answer(member, callId, () => socket.join(callRoom(callId)));
  });

  realtime.handle('call:decline', (member, { callId }) => calls.decline(member, callId));

  realtime.handle('call:hangup', (member, { callId, reason }) => calls.hangUp(member, callId, reason ?? 'hung-up'));

  // The room is the permission: only the two tabs holding the call are in it, and nothing is read or stored.
  realtime.relay('call:signal', ({ callId, signal }, socket) => {
    const room = callRoom(callId);
    if (!socket.rooms.has(room)) throw new HttpError(403, NOT_IN_CALL_MESSAGE);
    socket.broadcast(room, 'call:signal', { callId, signal });
  });

  // This tab takes its side of the call back: any older socket of the same member leaves, so signals go to one tab.
  realtime.handle('call:rejoin', async (member, { callId }, socket) => {
    await calls.rejoinable(member, callId);
    const room = callRoom(callId);
    for (const other of await realtime.socketsIn(room)) {
      if (other.userId === member.id && other.socketId !== socket.socketId) realtime.leaveRoom(room, other.socketId);
    }
    socket.join(room);
    forgetLeg(callId, member.id);
  });

  realtime.onDisconnect(({ userId, rooms }) => {
    for (const room of rooms) if (room.startsWith(CALL_ROOM_PREFIX)) watchLeg(room.slice(CALL_ROOM_PREFIX.length), userId);
  });

  // Calls whose timers died with another process: ringing past its time, or an active call missing a side.
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    void run(async () => {
      await calls.endOverdue();
      for (const call of await calls.activeCalls()) {
        const present = new Set((await realtime.socketsIn(callRoom(call.id))).map((socket) => socket.userId));
        for (const side of [call.callerId, call.calleeId]) if (!present.has(side)) watchLeg(call.id, side);
      }
    }).finally(() => {
      sweeping = false;
    });
  }, sweepIntervalMs);
  sweep.unref();

  return {
    stop() {
      stopped = true;
      clearInterval(sweep);
      ringTimers.close();
      legTimers.close();
    },
  };
}
