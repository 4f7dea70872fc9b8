import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import styled from 'styled-components';
import type { TotpSetup } from '../../../contract/auth/mfa';
import { Button, Field, Heading, Notice, Stack, Text, type HeadingLevel } from '../../ui';
import { OneTimeCodeInput } from './OneTimeCodeInput';

/**
 * Issue 37 finding 4: adding an authenticator app (RFC 6238 TOTP). The caller
 * has already asked the server for a secret (`setup`); this shows it as a QR
 * code and as text, takes a first code, then shows the recovery codes once.
 * Used at an admin's sign-in (with a ticket) and when signed in (Settings, the admin offer).
 */
interface TotpEnrolmentProps {
  setup: TotpSetup;
  /** Checks the first code; resolves with the recovery codes (and whatever else the caller needs afterwards). */
  confirm: (code: string) => Promise<{ recoveryCodes: string[] }>;
  /** After "I have saved these". */
  onFinished: () => void;
  onCancel?: () => void;
  cancelLabel?: string;
  headingLevel?: HeadingLevel;
  idBase: string;
}

export function TotpEnrolment({ setup, confirm, onFinished, onCancel, cancelLabel = 'Cancel', headingLevel = 2, idBase }: TotpEnrolmentProps) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (recoveryCodes) return <RecoveryCodesStep codes={recoveryCodes} onFinished={onFinished} headingLevel={headingLevel} idBase={idBase} />;
  return <ScanStep setup={setup} confirm={confirm} onConfirmed={setRecoveryCodes} onCancel={onCancel} cancelLabel={cancelLabel} headingLevel={headingLevel} idBase={idBase} />;
}

interface ScanStepProps extends Omit<TotpEnrolmentProps, 'onFinished'> {
  onConfirmed: (codes: string[]) => void;
}

function ScanStep({ setup, confirm, onConfirmed, onCancel, cancelLabel, headingLevel = 2, idBase }: ScanStepProps) {
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  const check = useMutation({ mutationFn: (entered: string) => confirm(entered), onSuccess: (result) => onConfirmed(result.recoveryCodes) });
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const entered = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(entered)) {
      setMissing('Enter the 6-digit code from your authenticator app');
      return;
    }
    setMissing(undefined);
    check.mutate(entered);
  };

  return (
    <Stack gap={4}>
      <Heading level={headingLevel} size="md" ref={headingRef} tabIndex={-1}>
        Set up your authenticator app
      </Heading>
      <Text>
        Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis), then enter the 6-digit
        code it shows.
      </Text>
      <QrImage src={setup.qrCodeDataUrl} alt="QR code for your authenticator app. If you cannot scan it, type the setup key shown below." width={200} height={200} />
      <Stack gap={1}>
        <Text size="sm" tone="muted" id={`${idBase}-secret-label`}>
          Can&apos;t scan it? Type this setup key into the app (time-based):
        </Text>
        <SecretText aria-labelledby={`${idBase}-secret-label`} data-testid="totp-secret">
          {setup.secret}
        </SecretText>
      </Stack>
      <form onSubmit={submit} noValidate aria-label="Confirm your authenticator app">
        <Stack gap={3}>
          {check.isError ? <Notice tone="error">{check.error.message}</Notice> : null}
          <Field label="6-digit code" id={`${idBase}-code`} error={missing}>
            <OneTimeCodeInput
              name="code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </Field>
          <Actions>
            <Button type="submit" variant="primary" loading={check.isPending} loadingLabel="Checking...">
              Turn on two-step verification
            </Button>
            {onCancel ? (
              <Button type="button" variant="ghost" onClick={onCancel}>
                {cancelLabel}
              </Button>
            ) : null}
          </Actions>
        </Stack>
      </form>
    </Stack>
  );
}

function RecoveryCodesStep({ codes, onFinished, headingLevel = 2, idBase }: { codes: string[]; onFinished: () => void; headingLevel?: HeadingLevel; idBase: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Stack gap={4}>
      <Notice tone="success">Two-step verification is on.</Notice>
      <Heading level={headingLevel} size="md" ref={headingRef} tabIndex={-1} id={`${idBase}-recovery-heading`}>
        Save your recovery codes
      </Heading>
      <Text>
        If you lose your phone, each of these codes signs you in once instead of a code from the app. Keep them somewhere safe, such as a password
        manager. They are shown only now.
      </Text>
      <CodeList aria-labelledby={`${idBase}-recovery-heading`} data-testid="recovery-codes">
        {codes.map((entry) => (
          <li key={entry}>{entry}</li>
        ))}
      </CodeList>
      <Button type="button" variant="primary" onClick={onFinished}>
        I have saved these
      </Button>
    </Stack>
  );
}

const QrImage = styled.img`
  width: 200px;
  height: 200px;
  padding: ${({ theme }) => theme.space[2]}px;
  background: #fff;
  border-radius: ${({ theme }) => theme.radii.input}px;
  justify-self: start;
`;

const SecretText = styled.code`
  display: block;
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: ${({ theme }) => theme.font.sizes.md}px;
  letter-spacing: 0.08em;
  overflow-wrap: anywhere;
  user-select: all;
`;

const CodeList = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr));
  gap: ${({ theme }) => theme.space[2]}px;
  margin: 0;
  padding: 0;
  list-style: none;
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: ${({ theme }) => theme.font.sizes.md}px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px;
`;
