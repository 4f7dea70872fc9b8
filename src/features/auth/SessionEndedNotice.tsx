import styled from 'styled-components';
import { Button, Container, Notice, px } from '../../ui';
import { useAuth } from './AuthProvider';

/** When the sign-out came with no reason (a 401 without a message, storage emptied by hand). */
export const SIGNED_OUT_FALLBACK_REASON = 'Your session expired, or this device was signed out from another one.';

/**
 * Shown at the top of every page once this device was signed out by
 * something other than its own Logout or account deletion: the session
 * expired, was ended from another device or tab, or the account was banned
 * or deleted, in the server's words where it gave them. Without it, the page
 * would just change under the person to its visitor version with no word of
 * why. The way back in is the header's Login, beside it, and the page's own
 * prompt where it has one.
 */
export function SessionEndedNotice() {
  const { send, sessionEndedReason } = useAuth();
  return (
    <Bar>
      <Notice
        tone="info"
        title="You were signed out"
        action={
          <Button variant="ghost" size="sm" onClick={() => send({ type: 'DISMISS_SESSION_ENDED' })}>
            Dismiss
          </Button>
        }
      >
        {sessionEndedReason ?? SIGNED_OUT_FALLBACK_REASON}
      </Notice>
    </Bar>
  );
}

const Bar = styled(Container)`
  padding-top: ${({ theme }) => px(theme.space[4])};
`;
