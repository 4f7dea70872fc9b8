import { MatchMomentHost } from '../discovery/match-moment/MatchMomentHost';
import { MessageAlerts } from '../messaging/MessageAlerts';
import { OutboxCourier } from '../messaging/OutboxCourier';
import { MemberNotices } from '../notices/MemberNotices';
import { IncomingCallHost } from '../calls/IncomingCallHost';

/**
 * What the shell adds for a signed-in member, loaded as one piece (a
 * visitor's first page carries none of it): their notices at the top of the
 * page, the match moment (a dialog, drawn over the page) for a like that
 * matches on any screen, news of messages (unread count, toasts, desktop
 * notifications), the courier that sends messages written offline once
 * connected, and the incoming-call panel when someone calls.
 */
export function MemberLayer({ mainId }: { mainId: string }) {
  return (
    <>
      <MemberNotices mainId={mainId} />
      <MatchMomentHost />
      <MessageAlerts />
      <OutboxCourier />
      <IncomingCallHost />
    </>
  );
}
