import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { CURRENT_PASSWORD_INCORRECT, deleteAccountBodySchema } from '../../../contract/auth/sign-in';
import { deleteAccount } from '../../api/auth/account';
import { holdingSessionNews } from '../../api/auth/tokens';
import type { EarningsBalance } from '../../../contract/creators';
import { creatorStatusQueryOptions } from '../../api/creators';
import { currentUserQueryOptions } from '../../api/members';
import { ApiError } from '../../api/client';
import { Button, Cluster, Field, Input, Notice, px, Text } from '../../ui';
import { SettingsSection } from '../members/profile/SettingsSection';
import { formatPrice } from '../store/format';
import { useAuth } from './AuthProvider';

declare module '@tanstack/history' {
  interface HistoryState {
    /** The server's message after the account was deleted, shown once by Login. */
    accountNotice?: string;
  }
}

/** Says what stays as well as what goes: the books keep purchases and payouts, and moderators keep reports (account-deletion.ts). */
export const DELETE_ACCOUNT_WARNING =
  'This deletes your profile, photos, coins, likes, matches and the list of people you blocked, and signs you out everywhere. Records of purchases and payouts, and any reports about you, are kept. It cannot be undone.';

const Confirm = styled.form`
  display: grid;
  gap: ${({ theme }) => px(theme.space[3])};
  padding: ${({ theme }) => px(theme.space[4])};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => px(theme.radii.card)};
`;

/** Said before the password is asked for: coins do not survive the account (its ledger rows stay, without a name). */
export function unspentCoinsWarning(coins: number): string {
  return `You still have ${coins.toLocaleString()} unspent ${coins === 1 ? 'coin' : 'coins'}. They are lost with your account.`;
}

/** Said beside the coins' warning: a creator's earnings not yet paid out go with the account (their ledger rows stay, without a name). */
export function unpaidEarningsWarning(balances: readonly EarningsBalance[]): string {
  const amounts = balances.map((balance) => formatPrice({ amountMinor: balance.pendingMinor + balance.withdrawableMinor, currency: balance.currency }));
  return `You have ${amounts.join(' and ')} of creator earnings not yet paid out. They are lost with your account.`;
}

/** A wrong or refused password belongs next to the field that holds it; anything else is a notice. */
function passwordProblem(error: Error): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.message === CURRENT_PASSWORD_INCORRECT) return error.message;
  return error.fieldErrors.find((entry) => entry.field === 'password')?.message;
}

/**
 * Settings' last section: delete the account. A first press only opens the
 * confirmation, which asks for the password, so a borrowed phone or a stray
 * tap cannot close someone's account. Once the server has deleted it, the
 * tokens go, nothing cached about the member stays, and Login says it is done.
 */
export function DeleteAccountSection() {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const passwordRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { send, isAuthenticated } = useAuth();
  const coins = useQuery({ ...currentUserQueryOptions(), enabled: isAuthenticated }).data?.coins ?? 0;
  // Real money only: test earnings (local test payments) were never money.
  const creator = useQuery({ ...creatorStatusQueryOptions(), enabled: isAuthenticated && confirming }).data;
  const unpaid = creator?.enrolled ? creator.balances.filter((balance) => !balance.test && balance.pendingMinor + balance.withdrawableMinor > 0) : [];

  const remove = useMutation({
    mutationFn: (body: Parameters<typeof deleteAccount>[0]) => holdingSessionNews(() => deleteAccount(body)),
    onSuccess: ({ message }) => {
      // Tokens first: Login must not greet a deleted member as signed in.
      send({ type: 'ACCOUNT_DELETED' });
      queryClient.clear();
      void navigate({ to: '/login', replace: true, state: (previous) => ({ ...previous, accountNotice: message }) });
    },
    onError: (error) => {
      const message = passwordProblem(error);
      if (message) {
        setFieldError(message);
        passwordRef.current?.focus();
      }
    },
  });

  useEffect(() => {
    if (confirming) passwordRef.current?.focus();
  }, [confirming]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    const parsed = deleteAccountBodySchema.safeParse({ password });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      passwordRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    remove.mutate(parsed.data);
  };

  const cancel = () => {
    remove.reset();
    setPassword('');
    setFieldError(undefined);
    setConfirming(false);
  };

  const serverMessage = remove.isError && !passwordProblem(remove.error) ? remove.error.message : null;
  return (
    <SettingsSection id="settings-delete-account" title="Delete account" intro={DELETE_ACCOUNT_WARNING}>
      {confirming ? (
        <Confirm aria-label="Delete account" onSubmit={submit} noValidate>
          {coins > 0 ? <Notice tone="info">{unspentCoinsWarning(coins)}</Notice> : null}
          {unpaid.length > 0 ? <Notice tone="info">{unpaidEarningsWarning(unpaid)}</Notice> : null}
          <Text>Enter your password to delete your account.</Text>
          {serverMessage ? <Notice tone="error">{serverMessage}</Notice> : null}
          <Field label="Password" error={fieldError}>
            <Input
              ref={passwordRef}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setFieldError(undefined);
                if (remove.isError) remove.reset();
              }}
            />
          </Field>
          <Cluster gap={2}>
            <Button type="submit" variant="danger" loading={remove.isPending} loadingLabel="Deleting account...">
              Delete my account
            </Button>
            <Button type="button" variant="ghost" disabled={remove.isPending} onClick={cancel}>
              Cancel
            </Button>
          </Cluster>
        </Confirm>
      ) : (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete my account...
        </Button>
      )}
    </SettingsSection>
  );
}
