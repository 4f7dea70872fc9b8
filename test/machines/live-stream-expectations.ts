import type { AnyEventObject } from 'xstate';
import type { ShareOutcome, StreamMedia, ViewerChat } from '../../machines/live-stream.machine';

/**
 * SPEC's live stream written out independently of the machine: given the
 * events of a path, what the stream screen must show, which alerts it must
 * have raised and what the camera and microphone must have been asked.
 */

export type StreamPhase = 'startingPreview' | 'previewing' | 'previewFailed' | 'live' | 'ended' | 'left';
export type StreamEffect = ['microphone', boolean] | ['camera', boolean] | ['release'];

export const TITLE_ALERT = 'Please enter a stream title';
/** SPEC section 8 asks for an alert about camera and microphone permissions; these words must be in it. */
export const PERMISSION_WORDS = ['camera', 'microphone', 'permissions'];

export interface ExpectedStream {
  phase: StreamPhase;
  title: string;
  media: StreamMedia | null;
  muted: boolean;
  cameraOff: boolean;
  viewers: number;
  peakViewers: number;
  chat: Array<{ user: string; message: string }>;
  draft: string;
  countingViewers: boolean;
  fetchingChat: boolean;
  /** Viewer-count refreshes and chat fetches begun while live: they set the stream's clock. */
  countRefreshes: number;
  chatRefreshes: number;
  sharing: boolean;
  /** Left by the automatic redirect (its 2 s count on the clock) rather than Back to Profile. */
  redirected: boolean;
  share: ShareOutcome | 'failed' | null;
  /** 'title' or 'permissions', in the order raised. */
  alerts: Array<'title' | 'permissions'>;
  effects: StreamEffect[];
}

const SETUP: readonly StreamPhase[] = ['startingPreview', 'previewing', 'previewFailed'];

export function expectedStream(events: readonly AnyEventObject[]): ExpectedStream {
  const stream: ExpectedStream = {
    phase: 'startingPreview',
    title: '',
    media: null,
    muted: false,
    cameraOff: false,
    viewers: 0,
    peakViewers: 0,
    chat: [],
    draft: '',
    countingViewers: false,
    fetchingChat: false,
    countRefreshes: 0,
    chatRefreshes: 0,
    sharing: false,
    redirected: false,
    share: null,
    alerts: [],
    effects: [],
  };
  for (const event of events) {
    const type = event.type;
    if (type === 'xstate.init') continue;
    if (type === 'TITLE.CHANGE') {
      if (SETUP.includes(stream.phase)) stream.title = String(event.title);
    } else if (type === 'xstate.done.actor.startMedia') {
      stream.media = event.output as StreamMedia;
      stream.phase = 'previewing';
    } else if (type === 'xstate.error.actor.startMedia') {
      // The preview explains a refused camera in place; only Go Live alerts.
      stream.phase = 'previewFailed';
    } else if (type === 'RETRY_PREVIEW') {
      if (stream.phase === 'previewFailed') stream.phase = 'startingPreview';
    } else if (type === 'GO_LIVE') {
      if (stream.phase !== 'previewing' && stream.phase !== 'previewFailed') continue;
      // SPEC section 5: a blank title only alerts.
      if (stream.title.trim() === '') stream.alerts.push('title');
      else if (stream.phase === 'previewFailed') stream.alerts.push('permissions');
      else stream.phase = 'live';
    } else if (type === 'TOGGLE_MUTE') {
      if (stream.phase !== 'live') continue;
      stream.muted = !stream.muted;
      stream.effects.push(['microphone', !stream.muted]);
    } else if (type === 'TOGGLE_CAMERA') {
      if (stream.phase !== 'live' || !stream.media?.hasVideo) continue;
      stream.cameraOff = !stream.cameraOff;
      stream.effects.push(['camera', !stream.cameraOff]);
    } else if (type === 'CHAT.CHANGE') {
      stream.draft = String(event.text);
    } else if (type === 'CHAT.SEND') {
      // SPEC section 5: whitespace-only chat is not sent.
      if (stream.draft.trim() === '') continue;
      stream.chat.push({ user: 'You', message: stream.draft.trim() });
      stream.draft = '';
    } else if (type.startsWith('xstate.after.VIEWER_COUNT_REFRESH.')) {
      stream.countingViewers = true;
      stream.countRefreshes += 1;
    } else if (type === 'xstate.done.actor.countViewers') {
      const viewers = event.output as number;
      stream.viewers = viewers;
      stream.peakViewers = Math.max(stream.peakViewers, viewers);
      stream.countingViewers = false;
    } else if (type === 'xstate.error.actor.countViewers') {
      stream.countingViewers = false;
    } else if (type.startsWith('xstate.after.VIEWER_CHAT_REFRESH.')) {
      stream.fetchingChat = true;
      stream.chatRefreshes += 1;
    } else if (type === 'xstate.done.actor.fetchViewerChat') {
      stream.chat.push(...(event.output as ViewerChat).map(({ user, message }) => ({ user, message })));
      stream.fetchingChat = false;
    } else if (type === 'xstate.error.actor.fetchViewerChat') {
      stream.fetchingChat = false;
    } else if (type === 'SHARE') {
      if (stream.phase === 'live' && !stream.sharing) stream.sharing = true;
    } else if (type === 'xstate.done.actor.shareStream') {
      stream.sharing = false;
      stream.share = event.output as ShareOutcome;
    } else if (type === 'xstate.error.actor.shareStream') {
      stream.sharing = false;
      stream.share = 'failed';
    } else if (type === 'END_STREAM') {
      if (stream.phase !== 'live') continue;
      stream.phase = 'ended';
      stream.countingViewers = false;
      stream.fetchingChat = false;
      stream.sharing = false;
      stream.effects.push(['release']);
    } else if (type === 'BACK_TO_PROFILE' || type.startsWith('xstate.after.END_REDIRECT_DELAY.')) {
      if (stream.phase !== 'ended') continue;
      stream.phase = 'left';
      stream.redirected = type !== 'BACK_TO_PROFILE';
      // Leaving unmounts the screen, which releases the (already stopped) media once more.
      stream.effects.push(['release']);
    } else {
      throw new Error(`No expectation for ${type}`);
    }
  }
  return stream;
}
