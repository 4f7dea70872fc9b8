import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Field, Input, Notice, Stack, Text } from '../../ui';

interface PasswordAgainFormProps {
  /** The form's accessible name: what the password is asked for. */
  label: string;
  idBase: string;
  /** The call the password goes with; its refusal (a wrong password, too many tries) shows above the field. */
  action: Pick<UseMutationResult<unknown, Error, { password: string }>, 'mutate' | 'isPending' | 'error'>;
  onCancel: () => void;
  cancelLabel?: string;
}

/**
 * Asks the signed-in member for their current password before a change that
 * a stolen session alone must not make (issue 50, finding 2). The field takes
 * focus, so a keyboard or screen-reader user lands where the question is.
 */
export function PasswordAgainForm({ label, idBase, action, onCancel, cancelLabel = 'Cancel' }: PasswordAgainFormProps) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setMissing('Enter your password');
      return;
    }
    setMissing(undefined);
    action.mutate({ password });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap={3}>
        <Text tone="muted">To keep your account yours, enter your password to continue.</Text>
        {action.error ? <Notice tone="error">{action.error.message}</Notice> : null}
        <Field label="Password" id={`${idBase}-password`} error={missing}>
          <Input ref={inputRef} name="password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        </Field>
        <Actions>
          <Button type="submit" variant="primary" loading={action.isPending} loadingLabel="Checking...">
            Continue
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            {cancelLabel}
          </Button>
        </Actions>
      </Stack>
    </form>
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px;
`;
