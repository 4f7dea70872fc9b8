import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import {
  EMAIL_LINK_INVALID_MESSAGE,
  resetPasswordBodySchema,
  TWO_STEP_RESET_OFFER_LABEL,
  TWO_STEP_STAYS_ON_TEXT,
  type ResetLinkResponse,
} from '../../../contract/auth/account-recovery';
import { resetLinkQueryOptions, resetPassword } from '../../api/auth/account-recovery';
import { ApiError } from '../../api/client';
import { Button, ButtonLink, Checkbox, ErrorState, Field, Input, Notice, Skeleton, Stack, Text, useFieldErrors, type FieldErrorMap } from '../../ui';
import { AuthCard, AuthForm } from './AuthCard';

type FieldName = 'password' | 'confirmPassword';

export const RESET_PASSWORDS_DIFFER = 'The passwords do not match';

/**
 * The page a reset email links to: a new password twice. Every session of the
 * account ends on the server, so the member then signs in with the new one
 * (with their second step too, if they have one on). Two-step verification
 * turned on within the last days may go off with the reset (issue 50,
 * finding 2: turned on from a stolen session, it must not keep the owner out);
 * older, the page says how to sign in with it.
 */
export function ResetPasswordScreen({ token }: { token: string | undefined }) {
  if (!token) return <LinkProblem message={EMAIL_LINK_INVALID_MESSAGE} />;
  return <ResetWithLink token={token} />;
}

function ResetWithLink({ token }: { token: string }) {
  const link = useQuery(resetLinkQueryOptions(token));
  if (link.isPending) {
    return (
      <AuthCard title="Choose a new password" subtitle="Opening your reset link...">
        <Skeleton width="100%" height={120} />
      </AuthCard>
    );
  }
  if (link.isError) {
    if (link.error instanceof ApiError && link.error.status === 400) return <LinkProblem message={EMAIL_LINK_INVALID_MESSAGE} />;
    return (
      <AuthCard title="Choose a new password" subtitle="Your reset link could not be opened just now.">
        <ErrorState title="Could not open your reset link" headingLevel={2} text={link.error.message} action={{ label: 'Try Again', onClick: () => void link.refetch() }} />
      </AuthCard>
    );
  }
  return <NewPasswordForm token={token} link={link.data} />;
}

function NewPasswordForm({ token, link }: { token: string; link: ResetLinkResponse }) {
  const [password, setPassword] = useState('');
  const [turnOffTwoStep, setTurnOffTwoStep] = useState(false);
  const [confirmPassword, setConfirmPassword] = useState('');
  const { errors, show, withdraw, clear } = useFieldErrors<FieldName>();
  const reset = useMutation({
    mutationFn: resetPassword,
    // Passwords are not kept on screen once they have done their job.
    onSuccess: () => {
      setPassword('');
      setConfirmPassword('');
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const found: FieldErrorMap<FieldName> = {};
      for (const entry of error.fieldErrors) if (entry.field === 'password') found.password ??= entry.message;
      show(found);
    },
  });

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed" subtitle="You can now sign in with your new password.">
        <Stack gap={3}>
          <Notice tone="success">{reset.data.message}</Notice>
          <ButtonLink to="/login" variant="primary" size="lg" fullWidth>
            Sign in
          </ButtonLink>
        </Stack>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrorMap<FieldName> = {};
    const parsed = resetPasswordBodySchema.safeParse({ token, password, ...(turnOffTwoStep ? { turnOffTwoStep } : {}) });
    if (password === '') found.password = 'New password is required';
    else if (!parsed.success) found.password = parsed.error.issues.find((issue) => issue.path[0] === 'password')?.message;
    if (!found.password && confirmPassword === '') found.confirmPassword = 'Confirm your new password';
    else if (!found.password && confirmPassword !== password) found.confirmPassword = RESET_PASSWORDS_DIFFER;
    if (found.password || found.confirmPassword || !parsed.success) {
      show(found);
      return;
    }
    clear();
    reset.mutate(parsed.data);
  };

  // A link that no longer works is said plainly, with the way to a new one.
  const linkDead = reset.error instanceof ApiError && reset.error.message.includes(EMAIL_LINK_INVALID_MESSAGE);
  if (linkDead) return <LinkProblem message={EMAIL_LINK_INVALID_MESSAGE} />;
  const serverMessage = reset.isError && !(reset.error instanceof ApiError && reset.error.fieldErrors.length > 0) ? reset.error.message : null;

  return (
    <AuthCard title="Choose a new password" subtitle="Signing in again will be needed on every device.">
      <AuthForm onSubmit={submit} noValidate aria-label="Choose a new password">
        {serverMessage ? <Notice tone="error">{serverMessage}</Notice> : null}
        <Field label="New password" id="reset-password-new" hint="At least 8 characters." error={errors.password}>
          <Input
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              withdraw('password', 'confirmPassword');
            }}
          />
        </Field>
        <Field label="Confirm new password" id="reset-password-confirm" error={errors.confirmPassword}>
          <Input
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => {
              setConfirmPassword(event.target.value);
              withdraw('confirmPassword');
            }}
          />
        </Field>
        {link.twoStep === 'recent' ? (
          <Stack gap={1}>
            <Checkbox label={TWO_STEP_RESET_OFFER_LABEL} checked={turnOffTwoStep} onChange={(event) => setTurnOffTwoStep(event.target.checked)} />
            <Text size="sm" tone="muted">
              It was set up {onSince(link.twoStepOnSince)}. If that was not you, turn it off here; you can turn it on again in Settings.
            </Text>
          </Stack>
        ) : null}
        {link.twoStep === 'on' ? <Notice tone="info">{TWO_STEP_STAYS_ON_TEXT}</Notice> : null}
        <Button type="submit" variant="primary" size="lg" fullWidth loading={reset.isPending} loadingLabel="Saving...">
          Set new password
        </Button>
      </AuthForm>
    </AuthCard>
  );
}

/** "on 3 December 2026", in the member's own language and time zone. */
function onSince(iso: string | null): string {
  return iso === null ? 'recently' : `on ${new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })}`;
}

function LinkProblem({ message }: { message: string }) {
  return (
    <AuthCard title="Reset your password" subtitle="This reset link cannot be used.">
      <Stack gap={3}>
        <Notice tone="error">{message}</Notice>
        <Text>
          <Link to="/forgot-password">Ask for a new link</Link>
        </Text>
      </Stack>
    </AuthCard>
  );
}


