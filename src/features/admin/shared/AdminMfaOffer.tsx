import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import styled from 'styled-components';
import { selectMfaOffered } from '../../../../machines/auth/auth.machine';
import { beginMfaSetup, confirmMfaSetup, mfaStatusQueryOptions } from '../../../api/auth/mfa';
import { Button, Card, Notice, Stack, Text } from '../../../ui';
import { useAuth } from '../../auth/AuthProvider';
import { PasswordAgainForm } from '../../auth/PasswordAgainForm';
import { TotpEnrolment } from '../../auth/TotpEnrolment';

/**
 * Issue 37 finding 4, outside production: an admin signed in with the password
 * alone is offered an authenticator after every sign-in, and may say "Not now"
 * (in production the sign-in itself requires one).
 */
export function AdminMfaOffer() {
  const { actor, send } = useAuth();
  const offered = useSelector(actor, selectMfaOffered);
  const queryClient = useQueryClient();
  const begin = useMutation({ mutationFn: beginMfaSetup });
  const [done, setDone] = useState(false);
  const [askingPassword, setAskingPassword] = useState(false);
  if (!offered && !done) return null;

  const dismiss = () => send({ type: 'DISMISS_MFA_OFFER' });
  if (done) {
    return (
      <OfferCard>
        <Notice tone="success" action={<Button size="sm" variant="secondary" onClick={() => setDone(false)}>Close</Button>}>
          Two-step verification is on. You will need a code from your authenticator app at every sign-in.
        </Notice>
      </OfferCard>
    );
  }
  return (
    <OfferCard aria-labelledby={begin.data ? undefined : 'admin-mfa-offer-title'}>
      {begin.data ? (
        <TotpEnrolment
          idBase="admin-mfa-offer"
          setup={begin.data}
          confirm={confirmMfaSetup}
          onFinished={() => {
            setDone(true);
            dismiss();
            void queryClient.invalidateQueries({ queryKey: mfaStatusQueryOptions().queryKey });
          }}
          onCancel={dismiss}
          cancelLabel="Not now"
        />
      ) : (
        <Stack gap={3}>
          <Text weight="semibold" id="admin-mfa-offer-title">
            Protect this admin account with two-step verification
          </Text>
          <Text tone="muted">
            This account can ban members and approve withdrawals. Add an authenticator app so a stolen password is not enough to sign in. In
            production it is required.
          </Text>
          {askingPassword ? (
            <PasswordAgainForm label="Set up two-step verification" idBase="admin-mfa-offer" action={begin} onCancel={dismiss} cancelLabel="Not now" />
          ) : (
            <Actions>
              <Button variant="primary" onClick={() => setAskingPassword(true)}>
                Set up two-step verification
              </Button>
              <Button variant="ghost" onClick={dismiss}>
                Not now
              </Button>
            </Actions>
          )}
        </Stack>
      )}
    </OfferCard>
  );
}

const OfferCard = styled(Card).attrs({ as: 'section' })`
  margin-bottom: ${({ theme }) => theme.space[4]}px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px;
`;
