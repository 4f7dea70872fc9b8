import type { QueryClient } from '@tanstack/react-query';
import { fromCallback, fromPromise } from 'xstate';
import type { LiveChatRequest } from '../../../../machines/live/host.machine';
import type { LiveWatchEvent, WatchRequest } from '../../../../machines/live/viewer.machine';
import { liveChatQueryOptions } from '../../../api/live';
import { commandOrError, type LiveHub } from '../host/stream-actors';
import type { StreamWatcher } from './stream-watcher';

/**
 * The viewer machine's actors for a real stream (docs/LIVE-STREAMS.md): the
 * watching through the screen's StreamWatcher, the chat through the tab's
 * realtime hub.
 */

export interface ViewerActorsOptions {
  hub: LiveHub;
  watcher: StreamWatcher;
  queryClient: QueryClient;
}

export function createViewerActors({ hub, watcher, queryClient }: ViewerActorsOptions) {
  return {
    watch: fromCallback<LiveWatchEvent, WatchRequest>(({ input, sendBack }) => {
      let stopped = false;
      // A mute from before this visit (a reload, another tab) is in the chat's answer; later ones come as `live:muted`.
      queryClient
        .fetchQuery(liveChatQueryOptions(input.streamId))
        .then(({ mutedUntil }) => {
          const until = mutedUntil ? Date.parse(mutedUntil) : Number.NaN;
          if (!stopped && until > Date.now()) sendBack({ type: 'MUTED', until });
        })
        // Without the chat there is no mute to show; the screen says the chat failed to load.
        .catch(() => {});
      const leave = watcher.watch(input.streamId, sendBack);
      return () => {
        stopped = true;
        leave();
      };
    }),

    sendChat: fromPromise<void, LiveChatRequest>(({ input }) => commandOrError(hub.command('live:chat', { streamId: input.streamId, text: input.text }))),
  };
}
