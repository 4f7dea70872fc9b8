import type { AnyEventObject } from 'xstate';
import type { AudienceUpdate, ShareOutcome, StreamMedia } from '../../machines/live-stream.machine';

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
  polling: boolean;
  sharing: boolean;
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
    polling: false,
    sharing: false,
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
      stream.phase = 'previewFailed';
      stream.alerts.push('permissions');
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
    } else if (type.startsWith('xstate.after.AUDIENCE_REFRESH.')) {
      stream.polling = true;
    } else if (type === 'xstate.done.actor.pollAudience') {
      const update = event.output as AudienceUpdate;
      stream.viewers = update.viewers;
      stream.peakViewers = Math.max(stream.peakViewers, update.viewers);
      stream.chat.push(...update.messages.map(({ user, message }) => ({ user, message })));
      stream.polling = false;
    } else if (type === 'xstate.error.actor.pollAudience') {
      stream.polling = false;
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
      stream.polling = false;
      stream.sharing = false;
      stream.effects.push(['release']);
    } else if (type === 'BACK_TO_PROFILE' || type.startsWith('xstate.after.END_REDIRECT_DELAY.')) {
      if (stream.phase !== 'ended') continue;
      stream.phase = 'left';
      // Leaving unmounts the screen, which releases the (already stopped) media once more.
      stream.effects.push(['release']);
    } else {
      throw new Error(`No expectation for ${type}`);
    }
  }
  return stream;
}
