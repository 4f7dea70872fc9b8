import { useSyncExternalStore } from 'react';
import { fromPromise } from 'xstate';
import type { GiftSendRequest } from '../../../machines/gifts/gift-tray.machine';
import type { RealtimeHub } from '../../realtime/hub';
import { commandOrError, UNREACHABLE_MESSAGE } from '../live/host/stream-actors';

/** What the tray needs of the tab's realtime hub: its status, and commands. */
export type GiftHub = Pick<RealtimeHub, 'subscribe' | 'command' | 'status'>;

/**
 * The tray's `sendGift`: on the realtime channel, and only while it is
 * connected. The hub would hold a command until the connection came back;
 * a gift must not leave later from a queue the member no longer sees.
 */
export const createGiftActors = (hub: GiftHub) => ({
  sendGift: fromPromise<void, GiftSendRequest>(async ({ input }) => {
    if (hub.status() !== 'connected') throw new Error(UNREACHABLE_MESSAGE);
    const { to, giftId, sendId } = input;
    await commandOrError('streamId' in to ? hub.command('live:gift', { streamId: to.streamId, giftId, sendId }) : hub.command('message:gift', { peerId: to.peerId, giftId, sendId }));
  }),
});

/** Whether the tab's realtime connection is up now (re-rendering when it changes). */
export function useRealtimeConnected(hub: GiftHub): boolean {
  return useSyncExternalStore(
    (changed) => hub.subscribe((signal) => signal.type === 'status' && changed()),
    () => hub.status() === 'connected',
  );
}
