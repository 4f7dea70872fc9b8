import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { beginTicketEnrolment, confirmTicketEnrolment } from '../../api/auth/mfa';
import { Button, Notice, Stack, Text } from '../../ui';
import { TotpEnrolment } from './TotpEnrolment';

interface EnrolAtSignInProps {
  ticket: string;
  /** Enrolled and recovery codes seen: the session the enrolment ended with. */
  onEnrolled: (token: string) => void;
  onCancel: () => void;
}

/**
 * An admin in production without an authenticator (issue 37 finding 4): the
 * password was right, but nothing else opens until one is set up.
 */
export function EnrolAtSignIn({ ticket, onEnrolled, onCancel }: EnrolAtSignInProps) {
  const begin = useMutation({ mutationFn: () => beginTicketEnrolment(ticket) });
  // Held until "I have saved these": signing in at once would leave the recovery codes unseen.
  const token = useRef<string | null>(null);

  if (begin.data) {
    return (
      <Stack gap={4}>
        <TotpEnrolment
          idBase="enrol-at-sign-in"
          setup={begin.data}
          confirm={async (code) => {
            const answer = await confirmTicketEnrolment(ticket, code);
            token.current = answer.token;
            return answer;
          }}
          onFinished={() => {
            if (token.current) onEnrolled(token.current);
          }}
          onCancel={onCancel}
          cancelLabel="Back to sign in"
        />
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <Notice tone="info" title="Two-step verification is required">
        Admin accounts can ban members and approve withdrawals, so they need a second step at every sign-in: a code from an authenticator app on your
        phone.
      </Notice>
      <Text>You need an authenticator app (such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis). Setting it up takes a minute.</Text>
      {begin.isError ? <Notice tone="error">{begin.error.message}</Notice> : null}
      <Button type="button" variant="primary" size="lg" fullWidth loading={begin.isPending} loadingLabel="Preparing..." onClick={() => begin.mutate()}>
        Set up authenticator app
      </Button>
      <Button type="button" variant="ghost" onClick={onCancel}>
        Back to sign in
      </Button>
    </Stack>
  );
}
