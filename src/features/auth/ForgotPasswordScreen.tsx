import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { forgotPasswordBodySchema } from '../../../contract/auth/account-recovery';
import { requestPasswordReset } from '../../api/auth/account-recovery';
import { Button, Field, Input, Notice, Stack, Text } from '../../ui';
import { AuthCard, AuthForm } from './AuthCard';

/**
 * "Forgot password?": asks for the account's address and says the same thing
 * whatever the server found, so the page never tells who has an account.
 */
export function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const request = useMutation({ mutationFn: requestPasswordReset });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email.trim() === '') {
      setFieldError('Email is required');
      return;
    }
    const parsed = forgotPasswordBodySchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter a valid email address');
      return;
    }
    setFieldError(undefined);
    request.mutate(parsed.data);
  };

  return (
    <AuthCard title="Reset your password" subtitle="Enter the email address of your account and we will send you a link to choose a new password.">
      {request.isSuccess ? (
        <Stack gap={3}>
          <Notice tone="success">{request.data.message}</Notice>
          <Text tone="muted" size="sm">
            The link works for 30 minutes. Nothing arrived? Check your spam folder, or ask again in a few minutes.
          </Text>
          <Link to="/login">Back to sign in</Link>
        </Stack>
      ) : (
        <AuthForm onSubmit={submit} noValidate aria-label="Reset your password">
          {request.isError ? <Notice tone="error">{request.error.message}</Notice> : null}
          <Field label="Email" id="forgot-password-email" error={fieldError}>
            <Input
              name="email"
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setFieldError(undefined);
              }}
            />
          </Field>
          <Button type="submit" variant="primary" size="lg" fullWidth loading={request.isPending} loadingLabel="Sending...">
            Send reset link
          </Button>
          <Text size="sm" tone="muted">
            Remembered it? <Link to="/login">Sign in</Link>
          </Text>
        </AuthForm>
      )}
    </AuthCard>
  );
}


