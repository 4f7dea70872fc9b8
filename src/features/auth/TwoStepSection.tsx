import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import type { MfaStatusResponse } from '../../../contract/auth/mfa';
import { beginMfaSetup, confirmMfaSetup, disableMfa, mfaStatusQueryOptions } from '../../api/auth/mfa';
import { Badge, Button, Field, Input, Notice, Skeleton, Stack, Text } from '../../ui';
import { FocusableSectionHeading, SectionLoadFailed } from '../members/profile/settings-list';
import { PasswordAgainForm } from './PasswordAgainForm';
import { TotpEnrolment } from './TotpEnrolment';

export const TWO_STEP_TEXT =
  'Two-step verification asks for a code from an authenticator app on your phone each time you sign in, so your password alone is not enough.';

/**
 * Settings (members and admins), issue 37 finding 4: whether two-step
 * verification is on, turning it on (the password again, QR code, first code,
 * recovery codes) and off (password and a code).
 */
export function TwoStepSection() {
  const queryClient = useQueryClient();
  const status = useQuery(mfaStatusQueryOptions());
  const [message, setMessage] = useState<string | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [turningOn, setTurningOn] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const begin = useMutation({ mutationFn: beginMfaSetup });

  const settle = (text: string | null) => {
    setMessage(text);
    setTurningOff(false);
    setTurningOn(false);
    begin.reset();
    void queryClient.invalidateQueries({ queryKey: mfaStatusQueryOptions().queryKey });
    headingRef.current?.focus();
  };

  let content;
  if (status.isPending) content = <Skeleton width="50%" />;
  else if (status.isError) content = <SectionLoadFailed message={status.error.message} onRetry={() => void status.refetch()} />;
  else if (begin.data) {
    content = (
      <TotpEnrolment
        idBase="settings-two-step"
        headingLevel={4}
        setup={begin.data}
        confirm={confirmMfaSetup}
        onFinished={() => settle('Two-step verification is on.')}
        onCancel={() => settle(null)}
      />
    );
  } else if (turningOn) {
    content = (
      <PasswordAgainForm label="Turn on two-step verification" idBase="two-step-on" action={begin} onCancel={() => settle(null)} />
    );
  } else if (turningOff) {
    content = <TurnOffForm onDone={() => settle('Two-step verification is off.')} onCancel={() => settle(null)} />;
  } else {
    content = <StatusRow status={status.data} onTurnOn={() => setTurningOn(true)} onTurnOff={() => setTurningOff(true)} />;
  }

  return (
    <Stack as="section" gap={3} aria-labelledby="settings-two-step">
      <FocusableSectionHeading level={3} id="settings-two-step" tabIndex={-1} ref={headingRef}>
        Two-step verification
      </FocusableSectionHeading>
      <Text tone="muted">{TWO_STEP_TEXT}</Text>
      <div role="status">{message !== null ? <Notice tone="success">{message}</Notice> : null}</div>
      {content}
    </Stack>
  );
}

function StatusRow({ status, onTurnOn, onTurnOff }: { status: MfaStatusResponse; onTurnOn: () => void; onTurnOff: () => void }) {
  return (
    <Row>
      <Stack gap={1}>
        <Text weight="semibold">
          Two-step verification: {status.enabled ? <Badge tone="success">On</Badge> : <Badge tone="neutral">Off</Badge>}
        </Text>
        {status.enabled ? (
          <Text size="sm" tone="muted">
            {status.recoveryCodesLeft} of 10 recovery codes left.
          </Text>
        ) : null}
      </Stack>
      {status.enabled ? (
        status.required ? (
          <Text size="sm" tone="muted">
            Admin accounts must keep it on.
          </Text>
        ) : (
          <Button variant="secondary" onClick={onTurnOff}>
            Turn off
          </Button>
        )
      ) : (
        <Button variant="primary" onClick={onTurnOn}>
          Turn on
        </Button>
      )}
    </Row>
  );
}

function TurnOffForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<{ password?: string; code?: string }>({});
  const turnOff = useMutation({ mutationFn: disableMfa, onSuccess: onDone });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = { password: password ? undefined : 'Enter your password', code: code.trim() ? undefined : 'Enter a code from your authenticator app or a recovery code' };
    setMissing(next);
    if (next.password || next.code) return;
    turnOff.mutate({ password, code: code.trim() });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Turn off two-step verification">
      <Stack gap={3}>
        {turnOff.isError ? <Notice tone="error">{turnOff.error.message}</Notice> : null}
        <Field label="Password" id="two-step-off-password" error={missing.password}>
          <Input name="password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        </Field>
        <Field label="Code from your authenticator app (or a recovery code)" id="two-step-off-code" error={missing.code}>
          <Input name="code" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} value={code} onChange={(event) => setCode(event.target.value)} />
        </Field>
        <Row>
          <Button type="submit" variant="danger" loading={turnOff.isPending} loadingLabel="Turning off...">
            Turn off two-step verification
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </Row>
      </Stack>
    </form>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]}px;
`;
