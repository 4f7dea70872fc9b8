import { useRouterState } from '@tanstack/react-router';
import { MatchMomentHost } from '../discovery/match-moment/MatchMomentHost';
import { MessageAlerts } from '../messaging/MessageAlerts';
import { OutboxCourier } from '../messaging/OutboxCourier';
import { MemberNotices } from '../notices/MemberNotices';
import { IncomingCallHost } from '../calls/IncomingCallHost';
import { MemberNewsSection } from '../home/MemberNewsSection';
import { AppUpdatePrompt } from './AppUpdatePrompt';
import { OfflineNotice } from './OfflineNotice';

/**
 * What the shell adds for a signed-in member, loaded as one piece (a
 * visitor's first page carries none of it): a "You're offline" notice while
 * the device has no connection, their notices at the top of the
 * page, the match moment (a dialog, drawn over the page) for a like that
 * matches on any screen, news of messages (unread count, toasts, desktop
 * notifications), the courier that sends messages written offline once
 * connected, the incoming-call panel when someone calls, and on Home their
 * news above the visitors' pitch (here, so a visitor's `/` does not carry it),
 * and the app's service worker with its "New version" prompt.
 */
export function MemberLayer({ mainId }: { mainId: string }) {
  const onHome = useRouterState({ select: (state) => state.location.pathname === '/' });
  return (
    <>
      <OfflineNotice />
      <MemberNotices mainId={mainId} />
      {onHome ? <MemberNewsSection /> : null}
      <MatchMomentHost />
      <MessageAlerts />
      <OutboxCourier />
      <IncomingCallHost />
      <AppUpdatePrompt />
    </>
  );
}
