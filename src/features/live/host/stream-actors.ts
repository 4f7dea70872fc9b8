import type { QueryClient } from '@tanstack/react-query';
import { fromCallback, fromPromise } from 'xstate';
import type { CommandAnswer } from '../../../../contract/realtime';
import type {
  LiveChatRequest,
  LiveHostLinkEvent,
  PublishRequest,
  PublishResult,
  StreamRequest,
} from '../../../../machines/live/host.machine';
import { endStream, liveKeys } from '../../../api/live';
import type { RealtimeHub } from '../../../realtime/hub';
import { createShareActor } from './share-link';
import type { StreamPublisher } from './stream-publisher';

/**
 * The host machine's actors for a real stream (docs/LIVE-STREAMS.md): the
 * media through the screen's StreamPublisher, the claim on the stream and
 * the chat through the tab's realtime hub, going live and ending over HTTP.
 */

export type LiveHub = Pick<RealtimeHub, 'subscribe' | 'command'>;

/** The command never reached the server (status 0): the hub's own words are not for members. */
export const UNREACHABLE_MESSAGE = 'Orbit could not reach the server. Check your connection and try again.';

/** Resolves when the server took the command; rejects with its words otherwise. */
export async function commandOrError(answer: Promise<CommandAnswer>): Promise<void> {
  const result = await answer;
  if (!result.ok) throw new Error(result.status === 0 ? UNREACHABLE_MESSAGE : result.message);
}

/** The link of a real stream, as Share gives it and viewers open it. */
export function streamLink(streamId: string): string {
  return `${window.location.origin}/live/${encodeURIComponent(streamId)}`;
}

export interface HostActorsOptions {
  hub: LiveHub;
  publisher: StreamPublisher;
  queryClient: QueryClient;
}

export function createHostActors({ hub, publisher, queryClient }: HostActorsOptions) {
  return {
    publish: fromPromise<PublishResult, PublishRequest>(async ({ input, signal }) => {
      const stream = await publisher.publish(input.title, signal);
      // The live screen's count starts from the server's answer; the Live now lists of this tab show the stream at once.
      queryClient.setQueryData(liveKeys.stream(stream.id), { stream });
      void queryClient.invalidateQueries({ queryKey: liveKeys.now() });
      return { streamId: stream.id };
    }),

    /**
     * On air: claims the stream for this socket (again after every reconnect, the old socket's claim went with
     * it), follows the media connection, and hears the stream ended elsewhere (an admin, a ban, another device).
     */
    hostLink: fromCallback<LiveHostLinkEvent, StreamRequest>(({ input, sendBack }) => {
      const { streamId } = input;
      let dropped = false;
      const claim = () => {
        void hub.command('live:host', { streamId }).then((answer) => {
          // Gone while this tab was away (the grace ran out, or it was ended): the news went with the old socket.
          if (!answer.ok && (answer.status === 404 || answer.status === 410)) sendBack({ type: 'STREAM.ENDED', reason: 'lost' });
          else if (!answer.ok) console.warn(`Live: claiming the stream failed (${answer.status} ${answer.message})`);
        });
      };
      const stopHub = hub.subscribe((signal) => {
        if (signal.type === 'status') {
          if (signal.status === 'disconnected') dropped = true;
          else if (signal.status === 'connected' && dropped) {
            dropped = false;
            claim();
          }
          return;
        }
        if (signal.type !== 'live' || signal.event.name !== 'live:ended' || signal.event.payload.streamId !== streamId) return;
        const { reason } = signal.event.payload;
        // `removed` is a viewer's word; a host's stream is never "removed" from them.
        sendBack({ type: 'STREAM.ENDED', reason: reason === 'removed' ? 'ended' : reason });
      });
      const stopMedia = publisher.onState((state) => {
        if (state === 'interrupted') sendBack({ type: 'MEDIA.INTERRUPTED' });
        else if (state === 'connected') sendBack({ type: 'MEDIA.RESTORED' });
        else if (state === 'failed') sendBack({ type: 'MEDIA.FAILED' });
      });
      claim();
      return () => {
        stopHub();
        stopMedia();
      };
    }),

    republish: fromPromise<void, StreamRequest>(({ input, signal }) => publisher.republish(input.streamId, signal)),

    sendChat: fromPromise<void, LiveChatRequest>(({ input }) => commandOrError(hub.command('live:chat', { streamId: input.streamId, text: input.text }))),

    endStream: fromPromise<void, StreamRequest>(async ({ input }) => {
      const { stream } = await endStream(input.streamId);
      // The ended screen reads the peak from here; the Live now lists drop the stream.
      queryClient.setQueryData(liveKeys.stream(stream.id), { stream });
      void queryClient.invalidateQueries({ queryKey: liveKeys.now() });
    }),

    shareStream: createShareActor({ link: (request) => streamLink(request.streamId) }),
  };
}
