import type { ComponentProps } from 'react';
import { Input } from '../../ui';

type CodeInputProps = Omit<ComponentProps<typeof Input>, 'inputMode' | 'autoComplete' | 'pattern' | 'maxLength' | 'spellCheck'>;

/** An authenticator's 6-digit code: the phone's number pad, the system's one-time-code autofill, room for "123 456". */
export function OneTimeCodeInput(props: CodeInputProps) {
  return <Input inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={7} spellCheck={false} {...props} />;
}
