import styled from 'styled-components';
import { Button, Container, Notice, px } from '../../ui';
import { useAuth } from './AuthProvider';

/**
 * Shown at the top of every page once this device was signed out by
 * something other than its own Logout: the session expired, or was ended
 * from another device or tab. Without it, the page would just change under
 * the person to its visitor version with no word of why. The way back in is
 * the header's Login, beside it, and the page's own prompt where it has one.
 */
export function SessionEndedNotice() {
  const { send } = useAuth();
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
        Your session expired, or this device was signed out from another one.
      </Notice>
    </Bar>
  );
}

const Bar = styled(Container)`
  padding-top: ${({ theme }) => px(theme.space[4])};
`;
