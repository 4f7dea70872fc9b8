import {
  CALL_ALREADY_ANSWERED_MESSAGE,
  CALL_NOT_FOUND_MESSAGE,
  CALL_NOT_MATCHED_MESSAGE,
  CALL_RATE_MAX,
  CALL_RATE_WINDOW_MS,
  CALL_SELF_MESSAGE,
  type CallEndReason,
  type CallPeer,
  type CallPeerResponse,
} from '../../contract/calls';
import type { FastifyBaseLogger } from 'fastify';
import type { Message } from '../../contract/messaging';
import type { CallRow, UserRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { USER_NOT_FOUND_MESSAGE } from '../discovery/record-decision';
import { publishMessage } from '../messaging/publish';
import { storeMessage } from '../messaging/queries';
import { toMessage } from '../messaging/service';
import { HttpError } from '../plugins/errors';
import type { Realtime } from '../realtime/plugin';
import { defaultAvatarUrl } from '../members/views';
import {
  activeCalls,
  callBetween,
  callLostBy,
  callOf,
  callWithMember,
  countCallsSince,
  endCalls,
  findCall,
  findCallPeer,
  findOpenCallBetween,
  hangUpReason,
  hasOpenCall,
  insertCall,
  legLostReason,
  markAnswered,
  markRinging,
  openCallsOf,
  pairIsLive,
  ringingBefore,
  ringingCall,
  ringingCallTo,
  type Ending,
  type Transaction,
} from './queries';

export const DEMO_CALL_MESSAGE = 'Calls with demo people are simulated in your browser';
export const CALL_RATE_LIMITED_MESSAGE = 'Too many calls, please wait a few minutes';
export const CALL_ID_TAKEN_MESSAGE = 'This call id is already in use';
export const PAIR_IN_CALL_MESSAGE = 'You two already have a call going';
export const CALLER_IN_CALL_MESSAGE = 'Finish your current call before starting another';

/** The room of a call: the two sockets that hold it (the caller's inviting tab, the callee's answering tab). */
export const callRoom = (callId: string) => `call:${callId}`;

/** How long the call was connected, in whole seconds; null when it never was. */
export function connectedSeconds(call: Pick<CallRow, 'answeredAt' | 'endedAt'>, now: Date): number | null {
  if (!call.answeredAt) return null;
  return Math.max(0, Math.floor(((call.endedAt ?? now).getTime() - call.answeredAt.getTime()) / 1000));
}

/** The chat entry a call leaves: its length when it connected, else a missed call. */
export function callEntryText(seconds: number | null, reason: CallEndReason | null): string {
  // The callee said no: "missed" would blame the line (issue 51).
  if (seconds === null) return reason === 'declined' ? 'Declined video call' : 'Missed video call';
  return `Video call · ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const peerView = (person: Pick<UserRow, 'id' | 'username' | 'name' | 'avatar' | 'gender'>): CallPeer => ({
  id: person.id,
  name: person.name || person.username,
  avatar: person.avatar || defaultAvatarUrl(person.username, person.gender),
});

export type InviteOutcome =
  /** A new call, ringing on the callee's tabs. */
  | { kind: 'ringing'; call: CallRow }
  /** The same invite again: the call as it is. */
  | { kind: 'repeat'; call: CallRow }
  /** Stored ended at once: the callee was busy or had no Orbit open. */
  | { kind: 'ended'; call: CallRow };

export interface CallServiceDeps {
  db: OrbitDatabase;
  realtime: Realtime;
  /** How long a call rings before it is not answered (CALL_RING_MS). */
  ringMs: number;
  /** Seeded demo people get simulated calls (never in production). */
  demoCalls: boolean;
  log: Pick<FastifyBaseLogger, 'error'>;
  now?: () => Date;
}

export type CallService = ReturnType<typeof createCallService>;

/**
 * Calls as stored: every change is one conditional statement, so two tabs or
 * two processes racing change a call once, and whoever changed it tells both
 * members. An ending writes the chat entry in its own transaction.
 */
export function createCallService({ db, realtime, ringMs, demoCalls, log, now = () => new Date() }: CallServiceDeps) {
  const endedListeners: Array<(call: CallRow) => void> = [];

  /** The entry in the pair's chat, in the transaction that ended the call; none when the match is over. */
  async function writeEntry(tx: Transaction, call: CallRow): Promise<Message | null> {
    if (!(await pairIsLive(tx, call.callerId, call.calleeId))) return null;
    const at = call.endedAt ?? now();
    const seconds = connectedSeconds(call, at);
    const kind = seconds === null ? 'missed-call' : 'call';
    const stored = await storeMessage(tx, { senderId: call.callerId, peerId: call.calleeId, id: call.id, body: callEntryText(seconds, call.endReason), kind, now: at });
    // A browser that reused one of its message ids as a call id gets no entry (message null) rather than a call that cannot end.
    return stored?.message ? toMessage(stored.message) : null;
  }

  /** Both members' tabs hear the end (and the chat entry); the room empties. */
  function announceEnded(call: CallRow, reason: CallEndReason, entry: Message | null): void {
    const payload = { callId: call.id, reason, seconds: connectedSeconds(call, now()) };
    realtime.toMember(call.callerId, 'call:ended', payload);
    realtime.toMember(call.calleeId, 'call:ended', payload);
    realtime.leaveRoom(callRoom(call.id));
    if (entry) publishMessage(realtime, call.callerId, call.calleeId, entry);
    for (const listener of endedListeners) listener(call);
  }

  /** Ends whatever open calls match, each once, and tells their members. */
  async function end(ending: Ending): Promise<CallRow[]> {
    const at = now();
    const ended = await db.transaction(async (tx) => {
      const rows = await endCalls(tx, ending, at);
      const results: Array<{ call: CallRow; entry: Message | null }> = [];
      for (const call of rows) results.push({ call, entry: await writeEntry(tx, call) });
      return results;
    });
    for (const { call, entry } of ended) announceEnded(call, call.endReason ?? 'hung-up', entry);
    return ended.map(({ call }) => call);
  }

  /**
   * For the routes that end a match or an account: their own change is
   * committed and must be answered as done; a call that failed to end here
   * still ends when its sides leave (the leg grace).
   */
  async function endAfterward(ending: Ending): Promise<CallRow[]> {
    return end(ending).catch((error: unknown) => {
      log.error({ err: error }, 'ending calls failed');
      return [];
    });
  }

  function sameInvite(call: CallRow, callerId: string, calleeId: string): InviteOutcome {
    if (call.callerId !== callerId || call.calleeId !== calleeId) throw new HttpError(409, CALL_ID_TAKEN_MESSAGE);
    return { kind: 'repeat', call };
  }

  /** The call the member takes part in, or 404 (a stranger learns nothing of it). */
  async function callOfMember(memberId: string, callId: string): Promise<CallRow> {
    const call = await findCall(db, callId);
    if (!call || (call.callerId !== memberId && call.calleeId !== memberId)) throw new HttpError(404, CALL_NOT_FOUND_MESSAGE);
    return call;
  }

  return {
    /** GET /calls/peers/:userId: who they are and whether (and how) the caller may call them. */
    async peerFor(caller: UserRow, peerId: string): Promise<CallPeerResponse> {
      if (peerId === caller.id) throw new HttpError(400, CALL_SELF_MESSAGE);
      const peer = await findCallPeer(db, caller.id, peerId);
      if (!peer) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);
      // Demo people get the simulated call; where there are none (production), one reads like anyone unmatched.
      const callable = peer.isDemo ? (demoCalls ? 'demo' : 'not-matched') : peer.matchId ? 'match' : 'not-matched';
      return { peer: peerView(peer), callable };
    },

    /** `holdCall` puts the inviting tab in the call's room, before the callee can hear of it (a call that did not end at once). */
    async invite(caller: UserRow, command: { callId: string; calleeId: string }, holdCall: () => void = () => {}): Promise<InviteOutcome> {
      const { callId, calleeId } = command;
      if (calleeId === caller.id) throw new HttpError(400, CALL_SELF_MESSAGE);
      // Read before the transaction: sockets are not in the database, and the embedded one has a single connection.
      const calleeReachable = await realtime.isConnected(calleeId);
      const at = now();
      const stored = await db.transaction(async (tx) => {
        const existing = await findCall(tx, callId);
        if (existing) return { outcome: sameInvite(existing, caller.id, calleeId), entry: null };
        const peer = await findCallPeer(tx, caller.id, calleeId);
        if (!peer) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);
        if (peer.isDemo) throw new HttpError(403, DEMO_CALL_MESSAGE);
        if (!peer.matchId || !(await pairIsLive(tx, caller.id, calleeId))) throw new HttpError(403, CALL_NOT_MATCHED_MESSAGE);
        if ((await countCallsSince(tx, caller.id, new Date(at.getTime() - CALL_RATE_WINDOW_MS))) >= CALL_RATE_MAX) {
          throw new HttpError(429, CALL_RATE_LIMITED_MESSAGE);
        }
        if (await findOpenCallBetween(tx, caller.id, calleeId)) throw new HttpError(409, PAIR_IN_CALL_MESSAGE);
        // One call at a time: a second would take the camera from the first, and its peer would be left talking to no one.
        if (await hasOpenCall(tx, caller.id)) throw new HttpError(409, CALLER_IN_CALL_MESSAGE);
        const endReason: CallEndReason | null = (await hasOpenCall(tx, calleeId)) ? 'busy' : calleeReachable ? null : 'unavailable';
        const call = await insertCall(tx, {
          id: callId,
          callerId: caller.id,
          calleeId,
          state: endReason ? 'ended' : 'ringing',
          createdAt: at,
          endedAt: endReason ? at : null,
          endReason,
        });
        // Another invite committed first with this id or for this pair: read which once this transaction is over.
        if (!call) return undefined;
        const outcome: InviteOutcome = { kind: endReason ? 'ended' : 'ringing', call };
        return { outcome, entry: endReason ? await writeEntry(tx, call) : null };
      });
      if (!stored) {
        const raced = await findCall(db, callId);
        if (raced) return sameInvite(raced, caller.id, calleeId);
        throw new HttpError(409, PAIR_IN_CALL_MESSAGE);
      }
      const { outcome, entry } = stored;
      if (outcome.call.state !== 'ended') holdCall();
      if (outcome.kind === 'ringing') realtime.toMember(calleeId, 'call:incoming', { callId, peer: peerView(caller) });
      if (outcome.kind === 'ended') announceEnded(outcome.call, outcome.call.endReason ?? 'unavailable', entry);
      // A retried invite whose call is already over (the first answer was lost): the caller's tabs hear how it ended.
      if (outcome.kind === 'repeat' && outcome.call.state === 'ended') {
        const { call } = outcome;
        realtime.toMember(caller.id, 'call:ended', { callId, reason: call.endReason ?? 'hung-up', seconds: connectedSeconds(call, at) });
      }
      return outcome;
    },

    /** A callee tab rings: the first one tells the caller's tabs. */
    async ringing(callee: UserRow, callId: string): Promise<void> {
      const marked = await markRinging(db, callId, callee.id, now());
      if (marked) {
        realtime.toMember(marked.callerId, 'call:ringing', { callId });
        return;
      }
      const call = await callOfMember(callee.id, callId);
      if (call.calleeId !== callee.id || call.state === 'ended') throw new HttpError(404, CALL_NOT_FOUND_MESSAGE);
    },

    /**
     * The first callee tab to answer takes the call (409 for the others); both
     * members' tabs hear it, after `holdCall` put the answering tab in the room.
     */
    async answer(callee: UserRow, callId: string, holdCall: () => void = () => {}): Promise<CallRow> {
      const at = now();
      const answered = await markAnswered(db, callId, callee.id, at, new Date(at.getTime() - ringMs));
      if (answered) {
        holdCall();
        realtime.toMember(answered.callerId, 'call:answered', { callId });
        realtime.toMember(answered.calleeId, 'call:answered', { callId });
        return answered;
      }
      const call = await callOfMember(callee.id, callId);
      if (call.calleeId !== callee.id) throw new HttpError(404, CALL_NOT_FOUND_MESSAGE);
      if (call.state === 'active') throw new HttpError(409, CALL_ALREADY_ANSWERED_MESSAGE);
      // Still ringing past its time (the timer is about to fire): the server's clock says nobody answered.
      if (call.state === 'ringing') await end({ where: ringingCall(callId), reason: 'no-answer' });
      throw new HttpError(404, CALL_NOT_FOUND_MESSAGE);
    },

    async decline(callee: UserRow, callId: string): Promise<void> {
      const [declined] = await end({ where: ringingCallTo(callId, callee.id), reason: 'declined' });
      if (declined) return;
      const call = await callOfMember(callee.id, callId);
      if (call.calleeId === callee.id && call.state === 'active') throw new HttpError(409, CALL_ALREADY_ANSWERED_MESSAGE);
      throw new HttpError(404, CALL_NOT_FOUND_MESSAGE);
    },

    /** Either member ends the call: a cancel or a decline before an answer, a hang-up (or a lost connection) after. */
    async hangUp(member: UserRow, callId: string, reason: 'hung-up' | 'lost'): Promise<void> {
      const [ended] = await end({ where: callWithMember(callId, member.id), reason: hangUpReason(member.id, reason) });
      if (!ended) throw new HttpError(404, CALL_NOT_FOUND_MESSAGE);
    },

    /** A new tab of one side takes the call back after a reconnect: the caller's any time, the callee's once answered. */
    async rejoinable(member: UserRow, callId: string): Promise<CallRow> {
      const call = await callOfMember(member.id, callId);
      const mayHold = call.state === 'active' || (call.state === 'ringing' && call.callerId === member.id);
      if (!mayHold) throw new HttpError(404, CALL_NOT_FOUND_MESSAGE);
      return call;
    },

    /** The ring time is over: the call was not answered. */
    endUnanswered: (callId: string) => end({ where: ringingCall(callId), reason: 'no-answer' }),
    /** Every call still ringing past the ring time (a process that died with its timers). */
    endOverdue: () => end({ where: ringingBefore(new Date(now().getTime() - ringMs)), reason: 'no-answer' }),
    /** One side's sockets stayed gone past the grace. */
    endLostLeg: (callId: string, memberId: string) =>
      end({ where: callLostBy(callId, memberId), reason: legLostReason }),
    /** A block, an unmatch or a like taken back: the pair's open call ends. */
    endPairCalls: (firstId: string, secondId: string, reason: CallEndReason) => endAfterward({ where: callBetween(firstId, secondId), reason }),
    /** A ban: every open call of the member ends. */
    endMemberCalls: (memberId: string, reason: CallEndReason) => endAfterward({ where: callOf(memberId), reason }),
    /** Every active call (the sweep checks both sides are still there). */
    activeCalls: () => activeCalls(db),
    /** Read before an account deletion, which takes the rows with it (then forgetCalls). */
    openCallsOf: (memberId: string) => openCallsOf(db, memberId),
    /** Calls whose rows are gone (an account deleted): both members still hear the end. */
    forgetCalls(rows: CallRow[], reason: CallEndReason): void {
      for (const call of rows) announceEnded(call, reason, null);
    },
    /** Told of every call that ended here (timers to clear). */
    onEnded(listener: (call: CallRow) => void): void {
      endedListeners.push(listener);
    },
  };
}
