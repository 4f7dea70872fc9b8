import { z } from 'zod';

// Video calls between the two members of a live match. The browsers talk
// media to each other (WebRTC); Orbit stores each call and relays only its
// signalling over the realtime channel (contract/realtime.ts): the caller's
// browser names the call (a UUID, so a retried invite is the same call), the
// callee's tabs ring, the first tab to answer takes the call, and from then
// on offers, answers and ICE candidates go between exactly those two tabs.

/** How long a call rings before it counts as not answered; the server's clock decides (CALL_RING_MS overrides it for tests). */
export const CALL_RING_MS = 30_000;
/** Calls one member may start per CALL_RATE_WINDOW_MS. */
export const CALL_RATE_MAX = 10;
export const CALL_RATE_WINDOW_MS = 5 * 60_000;
/** How long a call survives both of one side's sockets being gone (a reload, a short drop) before it ends as lost. */
export const CALL_LEG_GRACE_MS = 20_000;
/** Longest session description or candidate line Orbit relays, in characters. */
export const CALL_SDP_MAX = 20_000;
export const CALL_CANDIDATE_MAX = 1_000;

/** Why a call ended, as stored and as both sides are told. */
export const CALL_END_REASONS = [
  /** The callee declined. */
  'declined',
  /** Nobody answered within the ring time. */
  'no-answer',
  /** The callee was already in a call. */
  'busy',
  /** The callee had no Orbit open anywhere. */
  'unavailable',
  /** The caller gave up before an answer. */
  'cancelled',
  /** One side ended a connected call. */
  'hung-up',
  /** A block or an ended match ended it. */
  'blocked',
  /** One side's connection was lost and did not come back. */
  'lost',
] as const;
export const callEndReasonSchema = z.enum(CALL_END_REASONS);
export type CallEndReason = z.infer<typeof callEndReasonSchema>;

/** What the caller's screen says for each reason (SPEC texts where they exist). */
export const CALL_END_TEXTS: Record<CallEndReason, string> = {
  declined: 'Declined',
  'no-answer': 'No answer',
  busy: 'Busy',
  unavailable: 'Unavailable',
  cancelled: 'Call ended',
  'hung-up': 'Call ended',
  blocked: 'Call ended',
  lost: 'Connection lost',
};

export const CALL_NOT_MATCHED_MESSAGE = 'Video calls open once you match. Like them, and if they like you back you can call.';
export const CALL_NOT_FOUND_MESSAGE = 'Call not found';
export const CALL_ALREADY_ANSWERED_MESSAGE = 'This call was answered on another device';
export const CALL_SELF_MESSAGE = "You can't call yourself";

export const callStateSchema = z.enum(['ringing', 'active', 'ended']);
export type CallState = z.infer<typeof callStateSchema>;

/** Who is on the other end, as the incoming-call panel and the call screen show them. */
export const callPeerSchema = z.object({ id: z.string(), name: z.string(), avatar: z.string() });
export type CallPeer = z.infer<typeof callPeerSchema>;

/**
 * GET /calls/peers/:userId: may the caller call this person, and how.
 * `match`: a real call; `demo`: a seeded demo person (not in production), a
 * simulated call; `not-matched`: no call until they match.
 */
export const callPeerResponseSchema = z.object({
  peer: callPeerSchema,
  callable: z.enum(['match', 'demo', 'not-matched']),
});
export type CallPeerResponse = z.infer<typeof callPeerResponseSchema>;

/** One ICE server, in RTCIceServer's shape; TURN ones carry short-lived credentials (coturn's use-auth-secret). */
export const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
/** GET /calls/ice-servers: what the browser's RTCPeerConnection is configured with. Empty: host candidates only. */
export const iceServersResponseSchema = z.object({
  iceServers: z.array(iceServerSchema),
  /** When the TURN credentials stop working (ISO date-time); null without TURN. */
  expiresAt: z.string().nullable(),
});
export type IceServersResponse = z.infer<typeof iceServersResponseSchema>;

// Signalling between the two tabs of a call (relayed, never stored).

export const sessionDescriptionSchema = z.object({
  type: z.enum(['offer', 'answer']),
  sdp: z.string().max(CALL_SDP_MAX, { message: 'Session description too long' }),
});
export const iceCandidateSchema = z.object({
  candidate: z.string().max(CALL_CANDIDATE_MAX, { message: 'Candidate too long' }),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});
export const callSignalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('description'), description: sessionDescriptionSchema }),
  z.object({ kind: z.literal('candidate'), candidate: iceCandidateSchema }),
  /** What the other side should show instead of the picture or sound: a muted mark, the avatar instead of black video. */
  z.object({ kind: z.literal('media'), muted: z.boolean(), cameraOff: z.boolean() }),
]);
export type CallSignal = z.infer<typeof callSignalSchema>;
