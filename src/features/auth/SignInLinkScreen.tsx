import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EMAIL_LINK_INVALID_MESSAGE } from '../../../contract/auth/account-recovery';
import { openSignInLink } from '../../api/auth/sign-in-link';
import { Button, ButtonLink, Notice, Stack, Text } from '../../ui';
import { AuthCard } from './AuthCard';

/**
 * The page a sign-in link email leads to (issue 50, finding 9). The token is
 * spent only by the button, so a mail scanner that opens links spends
 * nothing, and the browser the member chose is the one that becomes known.
 * It does not sign in: the password (and two-step code) are still asked.
 */
export function SignInLinkScreen({ token }: { token: string | undefined }) {
  const open = useMutation({ mutationFn: openSignInLink });
  if (!token) return <LinkProblem message={EMAIL_LINK_INVALID_MESSAGE} />;
  if (open.isSuccess) {
    return (
      <AuthCard title="Sign in from this browser" subtitle="This browser is now one your account knows.">
        <Stack gap={3}>
          <Notice tone="success">{open.data.message}</Notice>
          <ButtonLink to="/login" search={{ username: open.data.username }} variant="primary" size="lg" fullWidth>
            Sign In
          </ButtonLink>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Sign in from this browser" subtitle="Signing in to your account from new browsers is paused after too many wrong passwords.">
      <Stack gap={3}>
        {open.isError ? <Notice tone="error">{open.error.message}</Notice> : null}
        <Text>
          Use this link in the browser you want to sign in with. It does not sign you in by itself: you will still enter your password, and your two-step
          code if it is on.
        </Text>
        <Button type="button" variant="primary" size="lg" fullWidth loading={open.isPending} loadingLabel="Opening..." onClick={() => open.mutate({ token })}>
          Use this browser
        </Button>
        <Text size="sm" tone="muted">
          Not you? Ignore the email and <Link to="/login">go to sign in</Link>.
        </Text>
      </Stack>
    </AuthCard>
  );
}

function LinkProblem({ message }: { message: string }) {
  return (
    <AuthCard title="Sign in from this browser" subtitle="This sign-in link cannot be used.">
      <Stack gap={3}>
        <Notice tone="error">{message}</Notice>
        <Text>
          <Link to="/login">Back to sign in</Link>
        </Text>
      </Stack>
    </AuthCard>
  );
}
