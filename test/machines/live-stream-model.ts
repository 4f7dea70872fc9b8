import type { AnyEventObject } from 'xstate';
import { liveStreamMachine, type LiveStreamSnapshot, type ViewerChat } from '../../machines/live-stream.machine';
import { createModel, doneEvent, errorEvent, type EventTiming } from '../support/model';

/**
 * The live stream model: what the browser's media, the simulated audience
 * and sharing can answer, and the limits that keep its paths few enough to
 * walk on the real screen (each live control is tried from the moment the
 * stream goes live; the viewer count and the viewers' chat refresh once each,
 * on their own timers).
 */

export const BASE = new Date(2026, 2, 10, 20, 0, 0);
export const TITLE = 'Sunset chat';
export const BLANK = '   ';
export const CHAT_TEXT = 'Welcome everyone';

export const FIRST_COUNT = 12;
export const FIRST_CHAT: ViewerChat = [{ user: 'Priya', message: 'Hi from Mumbai!', timestamp: new Date(2026, 2, 10, 20, 0, 4).toISOString() }];

const denied = new DOMException('Permission denied', 'NotAllowedError');

/** On air with nothing done by the streamer (the audience may have come in). */
function audienceOnly(snapshot: LiveStreamSnapshot): boolean {
  const { muted, cameraOff, chat, chatDraft, share } = snapshot.context;
  return !muted && !cameraOff && chatDraft === '' && share === null && !chat.some((message) => message.user === 'You') && snapshot.matches({ live: { share: 'idle' } });
}

/** Nothing has been done on air yet: no toggles, chat, share or audience refresh. */
function freshOnAir(snapshot: LiveStreamSnapshot): boolean {
  const { muted, cameraOff, viewers, chat, chatDraft, share } = snapshot.context;
  return (
    !muted &&
    !cameraOff &&
    viewers === 0 &&
    chat.length === 0 &&
    chatDraft === '' &&
    share === null &&
    snapshot.matches({ live: { viewerCount: 'waiting', viewerChat: 'waiting', share: 'idle' } })
  );
}

const sharedOptions = {
  events: {
    'TITLE.CHANGE': [BLANK, TITLE].map((title) => ({ type: 'TITLE.CHANGE', title })),
    'xstate.done.actor.startMedia': [doneEvent('startMedia', { hasVideo: true, hasAudio: true })],
    'xstate.error.actor.startMedia': [errorEvent('startMedia', denied)],
    'xstate.done.actor.countViewers': [doneEvent('countViewers', FIRST_COUNT), doneEvent('countViewers', 1)],
    'xstate.error.actor.countViewers': [errorEvent('countViewers', new Error('Audience unavailable'))],
    'xstate.done.actor.fetchViewerChat': [doneEvent('fetchViewerChat', FIRST_CHAT), doneEvent('fetchViewerChat', [])],
    'xstate.error.actor.fetchViewerChat': [errorEvent('fetchViewerChat', new Error('Chat unavailable'))],
    'CHAT.CHANGE': [BLANK, CHAT_TEXT].map((text) => ({ type: 'CHAT.CHANGE', text })),
    'CHAT.SEND': [{ type: 'CHAT.SEND', at: BASE.toISOString() }],
    'xstate.done.actor.shareStream': ['copied', 'shared', 'cancelled'].map((outcome) => doneEvent('shareStream', outcome)),
    'xstate.error.actor.shareStream': [errorEvent('shareStream', new Error('Clipboard blocked'))],
  },
  describeEvent: (event: AnyEventObject) => {
    if (event.type.startsWith('xstate.after.')) return `after ${event.type.split('.')[2]}`;
    if (event.type === 'TITLE.CHANGE') return `title ${JSON.stringify(event.title)}`;
    if (event.type === 'CHAT.CHANGE') return `chat ${JSON.stringify(event.text)}`;
    if (event.type === 'CHAT.SEND') return 'CHAT.SEND';
    if (event.type === 'xstate.done.actor.shareStream') return `share ${String(event.output)}`;
    if (event.type === 'xstate.done.actor.countViewers') return `${String(event.output)} watching`;
    if (event.type === 'xstate.done.actor.fetchViewerChat') return `${(event.output as ViewerChat).length} chat from viewers`;
    if (event.type.startsWith('xstate.done.actor.')) return `${event.type.slice('xstate.done.actor.'.length)} done`;
    if (event.type.startsWith('xstate.error.actor.')) return `${event.type.slice('xstate.error.actor.'.length)} fails`;
    return event.type;
  },
};

/** The audience refreshes walked: the first viewer count (3 s on air) and the first chat from viewers (4 s). */
const AUDIENCE_WALK_MS = 4000;

/** Nothing has been done on air yet, or only the one thing this path is trying (then only ending is left). */
function liveActivityAllowed(snapshot: LiveStreamSnapshot, event: AnyEventObject, timing: EventTiming): boolean {
  const { muted, cameraOff, chat, chatDraft } = snapshot.context;
  // The streamer acts the moment the stream goes live; later the audience alone moves things.
  const atStart = timing.nowMs === 0;
  switch (event.type) {
    case 'TOGGLE_MUTE':
      // Mute, then unmute: the only toggling after the fresh start.
      return atStart && (freshOnAir(snapshot) || (muted && !cameraOff && chat.length === 0));
    case 'TOGGLE_CAMERA':
      return atStart && (freshOnAir(snapshot) || (cameraOff && !muted && chat.length === 0));
    case 'SHARE':
    case 'CHAT.CHANGE':
      return atStart && freshOnAir(snapshot);
    case 'CHAT.SEND':
      return chatDraft !== '';
    default:
      if (/^xstate\.after\.VIEWER_(COUNT|CHAT)_REFRESH\./.test(event.type)) return audienceOnly(snapshot) && timing.dueAtMs <= AUDIENCE_WALK_MS;
      return true;
  }
}

/**
 * Every way through setup (titles, a refused camera, Try Again, the alerts);
 * once live, the stream is only ended. On-air behaviour is the other model's.
 */
export const liveStreamSetupModel = createModel(liveStreamMachine, {
  ...sharedOptions,
  filterEvents: (snapshot, event) => {
    const { title } = snapshot.context;
    if (snapshot.matches('live')) return event.type === 'END_STREAM';
    if (event.type === 'TITLE.CHANGE') return title === '' || (title.trim() === '' && event.title !== BLANK);
    return true;
  },
});

/** Straight to air (camera on, title typed, Go Live), then every live control, chat, share and audience report. */
export const liveStreamOnAirModel = createModel(liveStreamMachine, {
  ...sharedOptions,
  keyByTime: true,
  filterEvents: (snapshot, event, timing) => {
    if (snapshot.matches('setup')) {
      if (event.type === 'TITLE.CHANGE') return snapshot.matches({ setup: 'previewing' }) && snapshot.context.title === '' && event.title === TITLE;
      if (event.type === 'GO_LIVE') return snapshot.context.title === TITLE;
      return event.type === 'xstate.done.actor.startMedia';
    }
    if (snapshot.matches('live')) return liveActivityAllowed(snapshot, event, timing);
    return true;
  },
});
