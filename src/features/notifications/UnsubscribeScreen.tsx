import { useMutation } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import styled from 'styled-components';
import { UNSUBSCRIBE_LINK_INVALID_MESSAGE } from '../../../contract/notifications';
import { stopNewsEmails } from '../../api/notifications';
import { Button, Notice, px, Text } from '../../ui';
import { AuthCard } from '../auth/AuthCard';

/** The link's token (the member's id and the server's signature); a malformed one reads as missing. */
function unsubscribeTokenOf(search: Record<string, unknown>): string | undefined {
  const { token } = search;
  return typeof token === 'string' && /^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

/**
 * Where a news email's "Stop them" link opens (issue 51). Opening it stops
 * nothing: a mail scanner that follows links must not unsubscribe anyone, so
 * the member presses the button (mail clients' own one-click unsubscribe
 * posts to the API directly, RFC 8058). No sign-in needed.
 */
export function UnsubscribeScreen() {
  const token = useRouterState({ select: (state) => unsubscribeTokenOf(state.location.search) });
  const stop = useMutation({ mutationFn: () => stopNewsEmails(token ?? '') });
  return (
    <AuthCard title="News emails" subtitle="At most one a day, with the matches and messages you missed.">
      <Stack>
        {token === undefined ? (
          <Notice tone="error">{UNSUBSCRIBE_LINK_INVALID_MESSAGE}</Notice>
        ) : stop.isSuccess ? (
          <Notice tone="success">{stop.data}</Notice>
        ) : (
          <>
            {stop.isError ? <Notice tone="error">{stop.error.message}</Notice> : null}
            <Button loading={stop.isPending} loadingLabel="Stopping..." onClick={() => stop.mutate()}>
              Stop news emails
            </Button>
          </>
        )}
        <Text>
          <Link to="/settings">Notification settings</Link>
        </Text>
      </Stack>
    </AuthCard>
  );
}

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => px(theme.space[3])};
`;
