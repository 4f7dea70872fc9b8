import { setup, type SnapshotFrom } from 'xstate';
import { LAST_ACTIVE_PRECISION_MS } from '../../contract/auth/sessions';
import { actorNotProvided } from '../actor-not-provided';

export type PresenceEvent =
  | { type: 'PAGE.HIDDEN' }
  | { type: 'PAGE.VISIBLE' }
  /**
   * The browser is closing or leaving the page. Nothing is sent: the server
   * sees the page's realtime connection close and takes the member offline
   * PRESENCE_GRACE_MS later unless an Orbit page of theirs connects again.
   */
  | { type: 'PAGE.LEFT' };

/**
 * The server writes a member's activity at most once per
 * LAST_ACTIVE_PRECISION_MS and keeps them "Online now" for twice that after
 * the last write. Hearing from an open page this often keeps someone who is
 * only reading, or in a video call or live stream (simulated on this side,
 * with no requests of their own), online; hearing more often would write nothing more.
 */
export const HEARTBEAT_INTERVAL_MS = LAST_ACTIVE_PRECISION_MS;

export const presenceMachine = setup({
  types: {
    events: {} as PresenceEvent,
  },
  actors: {
    // Any signed-in request does: the server notes the activity of whoever makes it.
    announcePresence: actorNotProvided<void, void>('presence machine', 'announcePresence'),
  },
  delays: {
    HEARTBEAT_INTERVAL: HEARTBEAT_INTERVAL_MS,
  },
}).createMachine({
  id: 'presence',
  description:
    'Keeps a signed-in member "Online now" to others while Orbit is on their screen: every 5 minutes, and on coming back to the page, ' +
    'the server hears from it; while the page is hidden nothing is sent, and the server lets the member go offline. ' +
    'Leaving sends nothing: the server learns the page is gone when its realtime connection closes, and takes the member offline ' +
    'about 30 s after their last Orbit page went, so a reload or a short network drop does not make them flicker offline.',
  initial: 'present',
  states: {
    present: {
      description: 'The page is on screen; the next heartbeat is due after HEARTBEAT_INTERVAL.',
      after: { HEARTBEAT_INTERVAL: 'announcing' },
      on: { 'PAGE.HIDDEN': 'away', 'PAGE.LEFT': 'left' },
    },
    announcing: {
      description: 'Telling the server the member is here. A failure waits for the next heartbeat: presence is not worth a retry storm.',
      invoke: { id: 'announcePresence', src: 'announcePresence', onDone: 'present', onError: 'present' },
      on: { 'PAGE.HIDDEN': 'away', 'PAGE.LEFT': 'left' },
    },
    away: {
      description: 'Another tab, a minimised window, a locked phone: no heartbeats until the page is back on screen.',
      on: { 'PAGE.VISIBLE': 'announcing', 'PAGE.LEFT': 'left' },
    },
    left: {
      description:
        'The page was closed or left; nothing is sent. The server sees its realtime connection close and, about 30 s later, ' +
        'takes the member offline unless another Orbit page of theirs is connected by then (a reload is). ' +
        'A page the browser brings back (Back to a cached page) is on screen again, and says so.',
      on: { 'PAGE.VISIBLE': 'announcing' },
    },
  },
});

export type PresenceSnapshot = SnapshotFrom<typeof presenceMachine>;
