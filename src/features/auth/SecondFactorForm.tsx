import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Field, Heading, Input, Notice, Stack, Text } from '../../ui';
import { OneTimeCodeInput } from './OneTimeCodeInput';
import { AuthForm } from './AuthCard';

interface SecondFactorFormProps {
  busy: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}

/**
 * The sign-in's second step (issue 37 finding 4): the code from the
 * authenticator app, or one of the recovery codes.
 */
export function SecondFactorForm({ busy, error, onSubmit, onCancel }: SecondFactorFormProps) {
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  // The form replaces the password form: focus moves to its field, where the code goes.
  useEffect(() => inputRef.current?.focus(), [useRecoveryCode]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const entered = code.trim();
    if (!useRecoveryCode && !/^\d{6}$/.test(entered.replace(/\s/g, ''))) {
      setMissing('Enter the 6-digit code from your authenticator app');
      return;
    }
    if (useRecoveryCode && entered === '') {
      setMissing('Enter one of your recovery codes');
      return;
    }
    setMissing(undefined);
    onSubmit(entered);
  };

  const switchKind = () => {
    setUseRecoveryCode((current) => !current);
    setCode('');
    setMissing(undefined);
  };

  return (
    <AuthForm $spaced onSubmit={submit} noValidate aria-label="Two-step verification">
      <Stack gap={1}>
        <Heading level={2} size="md">
          Two-step verification
        </Heading>
        <Text tone="muted">
          {useRecoveryCode
            ? 'Enter one of the recovery codes you saved when you set up two-step verification. Each works once.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </Text>
      </Stack>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {useRecoveryCode ? (
        <Field key="recovery" label="Recovery code" id="login-recovery-code" error={missing}>
          <Input ref={inputRef} name="recoveryCode" autoComplete="off" autoCapitalize="none" spellCheck={false} value={code} onChange={(event) => setCode(event.target.value)} />
        </Field>
      ) : (
        <Field key="totp" label="Authentication code" id="login-totp-code" error={missing}>
          <OneTimeCodeInput
            ref={inputRef}
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </Field>
      )}
      <Button type="submit" variant="primary" size="lg" fullWidth loading={busy} loadingLabel="Checking...">
        Verify
      </Button>
      <Links>
        <Button type="button" variant="ghost" size="sm" onClick={switchKind}>
          {useRecoveryCode ? 'Use the code from your app' : 'Use a recovery code'}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          Back to sign in
        </Button>
      </Links>
    </AuthForm>
  );
}


const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]}px;
`;
