import type { AnyEventObject } from 'xstate';
import type { LiveEndReason } from '../../../contract/live';
import type { ShareOutcome, StreamMedia } from '../../../machines/live/host.machine';

/**
 * The host's live stream written out independently of the machine (SPEC's
 * Live stream, issue 39, docs/LIVE-STREAMS.md): given the events of a path,
 * where the host must be, what the screen has to show, which alerts were
 * raised, which effects the browser saw, and which actors must be running.
 */

export type StreamPhase = 'cameraOff' | 'startingPreview' | 'previewing' | 'previewFailed' | 'connecting' | 'live' | 'ending' | 'ended' | 'left';
export type HostConnection = 'connected' | 'interrupted' | 'republishing';
export type StreamEffect = ['microphone', boolean] | ['camera', boolean] | ['release'] | ['closeConnection'] | ['goToProfile'];

export const TITLE_ALERT = 'Please enter a stream title';
/** SPEC section 8 asks for an alert about camera and microphone permissions; these words must be in it. */
export const PERMISSION_WORDS = ['camera', 'microphone', 'permissions'];
/** What the host reads when Go Live is refused without words, or takes too long, or a chat message is refused without words. */
export const GO_LIVE_FALLBACK = "Couldn't start your stream. Please try again.";
export const GO_LIVE_TIMEOUT = "Couldn't connect your stream. Check your connection and try again.";
export const CHAT_FALLBACK = "Couldn't send your message.";

export interface ExpectedStream {
  phase: StreamPhase;
  title: string;
  media: StreamMedia | null;
  muted: boolean;
  cameraOff: boolean;
  streamId: string | null;
  chatDraft: string;
  chatError: string | null;
  share: ShareOutcome | 'failed' | null;
  endReason: LiveEndReason | null;
  startError: string | null;
  /** On air only: the media connection's state. */
  connection: HostConnection | null;
  sendingChat: boolean;
  sharing: boolean;
  /** 'title' or 'permissions', in the order raised. */
  alerts: Array<'title' | 'permissions'>;
  effects: StreamEffect[];
  /** The invoked actors that must be running now, by name. */
  running: string[];
}

const SETUP: readonly StreamPhase[] = ['cameraOff', 'startingPreview', 'previewing', 'previewFailed'];

const messageOf = (error: unknown, fallback: string) => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
};

export function expectedStream(events: readonly AnyEventObject[]): ExpectedStream {
  const stream: ExpectedStream = {
    phase: 'cameraOff',
    title: '',
    media: null,
    muted: false,
    cameraOff: false,
    streamId: null,
    chatDraft: '',
    chatError: null,
    share: null,
    endReason: null,
    startError: null,
    connection: null,
    sendingChat: false,
    sharing: false,
    alerts: [],
    effects: [],
    running: [],
  };
  const onAir = () => stream.phase === 'live';
  const end = (reason: LiveEndReason) => {
    stream.phase = 'ended';
    stream.endReason = reason;
    stream.connection = null;
    stream.sendingChat = false;
    stream.sharing = false;
    // The camera, the microphone and the peer connection all go.
    stream.effects.push(['release'], ['closeConnection']);
  };
  const backToPreview = (message: string) => {
    stream.phase = 'previewing';
    stream.startError = message;
    stream.effects.push(['closeConnection']);
  };

  for (const event of events) {
    const { type } = event;
    const timer = type.startsWith('xstate.after.') ? type.split('.')[2] : null;
    if (type === 'xstate.init') continue;
    if (type === 'TITLE.CHANGE') {
      if (SETUP.includes(stream.phase)) stream.title = String(event.title);
    } else if (type === 'xstate.done.actor.startMedia') {
      stream.media = event.output as StreamMedia;
      stream.phase = 'previewing';
    } else if (type === 'xstate.error.actor.startMedia') {
      // The preview explains a refused camera in place; only Go Live alerts.
      stream.media = null;
      stream.phase = 'previewFailed';
    } else if (type === 'START_PREVIEW') {
      // Nothing is asked of the browser before the member sets up a stream.
      if (stream.phase === 'cameraOff') stream.phase = 'startingPreview';
    } else if (type === 'RETRY_PREVIEW') {
      if (stream.phase === 'previewFailed') stream.phase = 'startingPreview';
    } else if (type === 'GO_LIVE') {
      if (stream.phase !== 'previewing' && stream.phase !== 'previewFailed') continue;
      // SPEC section 5: a blank title only alerts.
      if (stream.title.trim() === '') stream.alerts.push('title');
      else if (stream.phase === 'previewFailed') stream.alerts.push('permissions');
      else {
        stream.phase = 'connecting';
        stream.startError = null;
      }
    } else if (type === 'xstate.done.actor.publish') {
      stream.phase = 'live';
      stream.streamId = (event.output as { streamId: string }).streamId;
      stream.connection = 'connected';
    } else if (type === 'xstate.error.actor.publish') {
      backToPreview(messageOf(event.error, GO_LIVE_FALLBACK));
    } else if (timer === 'PUBLISH_LIMIT') {
      if (stream.phase === 'connecting') backToPreview(GO_LIVE_TIMEOUT);
      else if (onAir() && stream.connection === 'republishing') end('lost');
    } else if (type === 'MEDIA.INTERRUPTED') {
      if (onAir() && stream.connection === 'connected') stream.connection = 'interrupted';
    } else if (type === 'MEDIA.RESTORED') {
      if (onAir() && stream.connection === 'interrupted') stream.connection = 'connected';
    } else if (type === 'MEDIA.FAILED') {
      if (onAir() && stream.connection !== 'republishing') stream.connection = 'republishing';
    } else if (timer === 'RECONNECT_LIMIT') {
      if (onAir() && stream.connection === 'interrupted') stream.connection = 'republishing';
    } else if (type === 'xstate.done.actor.republish') {
      stream.connection = 'connected';
    } else if (type === 'xstate.error.actor.republish') {
      end('lost');
    } else if (type === 'STREAM.ENDED') {
      if (onAir()) end(event.reason as LiveEndReason);
    } else if (type === 'TOGGLE_MUTE') {
      if (!onAir()) continue;
      stream.muted = !stream.muted;
      stream.effects.push(['microphone', !stream.muted]);
    } else if (type === 'TOGGLE_CAMERA') {
      if (!onAir() || !stream.media?.hasVideo) continue;
      stream.cameraOff = !stream.cameraOff;
      stream.effects.push(['camera', !stream.cameraOff]);
    } else if (type === 'CHAT.CHANGE') {
      if (!onAir()) continue;
      stream.chatDraft = String(event.text);
      stream.chatError = null;
    } else if (type === 'CHAT.SEND') {
      // SPEC section 5: whitespace-only chat is not sent; one message at a time.
      if (!onAir() || stream.sendingChat || stream.chatDraft.trim() === '') continue;
      stream.sendingChat = true;
      stream.chatError = null;
    } else if (type === 'xstate.done.actor.sendChat') {
      stream.sendingChat = false;
      stream.chatDraft = '';
    } else if (type === 'xstate.error.actor.sendChat') {
      // The draft stays to be sent again.
      stream.sendingChat = false;
      stream.chatError = messageOf(event.error, CHAT_FALLBACK);
    } else if (type === 'SHARE') {
      if (onAir()) stream.sharing = true;
    } else if (type === 'xstate.done.actor.shareStream') {
      stream.sharing = false;
      stream.share = event.output as ShareOutcome;
    } else if (type === 'xstate.error.actor.shareStream') {
      stream.sharing = false;
      stream.share = 'failed';
    } else if (type === 'END_STREAM') {
      if (!onAir()) continue;
      stream.phase = 'ending';
      stream.connection = null;
      stream.sendingChat = false;
      stream.sharing = false;
    } else if (type === 'xstate.done.actor.endStream' || type === 'xstate.error.actor.endStream') {
      // Refused or not, the host's stream is over (the server ends it when the host is gone).
      if (stream.phase === 'ending') end('ended');
    } else if (type === 'BACK_TO_PROFILE' || timer === 'END_REDIRECT_DELAY') {
      if (stream.phase !== 'ended') continue;
      stream.phase = 'left';
      stream.effects.push(['goToProfile']);
    } else {
      throw new Error(`No expectation for ${type}`);
    }
  }

  const running: string[] = [];
  if (stream.phase === 'startingPreview') running.push('startMedia');
  if (stream.phase === 'connecting') running.push('publish');
  if (stream.phase === 'ending') running.push('endStream');
  if (onAir()) running.push('hostLink');
  if (stream.connection === 'republishing') running.push('republish');
  if (stream.sendingChat) running.push('sendChat');
  if (stream.sharing) running.push('shareStream');
  stream.running = running.sort();
  return stream;
}
