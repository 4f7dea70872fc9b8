import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import styled from 'styled-components';
import { EMAIL_LINK_INVALID_MESSAGE } from '../../../contract/auth/account-recovery';
import { accountRecoveryKeys, verifyEmail } from '../../api/auth/account-recovery';
import { currentUserQueryOptions } from '../../api/members';
import { Notice, px, Spinner, Text } from '../../ui';
import { AuthCard } from './AuthCard';

/**
 * The page a verification email links to. Opening a link only shows this
 * page; the token is posted from here, so a mail scanner that fetches links
 * verifies nothing. A query, not an effect: it runs once per token however
 * often the page renders.
 */
export function VerifyEmailScreen({ token }: { token: string | undefined }) {
  const queryClient = useQueryClient();
  const verification = useQuery({
    queryKey: accountRecoveryKeys.verifyEmail(token),
    queryFn: () => verifyEmail({ token: token ?? '' }),
    enabled: token !== undefined,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const verified = verification.isSuccess;
  useEffect(() => {
    if (verified) void queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey, exact: true });
  }, [verified, queryClient]);

  return (
    <AuthCard title="Verify your email" subtitle="Confirming that the address on your account is yours.">
      <Stack>
        {token === undefined ? (
          <Notice tone="error">{EMAIL_LINK_INVALID_MESSAGE}</Notice>
        ) : verification.isPending ? (
          <Spinner label="Verifying your email address..." />
        ) : verification.isError ? (
          <Notice tone="error">{verification.error.message}</Notice>
        ) : (
          <Notice tone="success">{verification.data.message}</Notice>
        )}
        {verification.isError || token === undefined ? (
          <Text size="sm" tone="muted">
            Signed in? Your profile has a button to send a new link.
          </Text>
        ) : null}
        <Text>
          <Link to="/">Go to Orbit</Link>
        </Text>
      </Stack>
    </AuthCard>
  );
}

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => px(theme.space[3])};
`;
