import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { PasswordOwner, PasswordStrength } from '../../../contract/auth/password-rules';
import { px } from '../../ui';
import type * as PasswordMeterPolicy from './password-meter-policy';

type PasswordPolicy = typeof PasswordMeterPolicy;

let policyLoad: Promise<PasswordPolicy> | undefined;

/**
 * The password rules with their dictionary (about 450 KB before compression)
 * load on the first character typed, not with the page: the code for `/` and
 * for the sign-up screen itself stays small.
 */
function loadPasswordPolicy(): Promise<PasswordPolicy> {
  policyLoad ??= import('./password-meter-policy').catch((error: unknown) => {
    // A failed download (offline for a moment) is tried again on the next keystroke.
    policyLoad = undefined;
    throw error;
  });
  return policyLoad;
}

/** The server's judgement of a new password, near enough (see password-meter-policy.ts), once the rules have loaded; null before. */
export function usePasswordStrength(password: string, owner: PasswordOwner): PasswordStrength | null {
  const [policy, setPolicy] = useState<PasswordPolicy | null>(null);
  const wanted = password !== '';
  useEffect(() => {
    if (!wanted || policy) return;
    let current = true;
    loadPasswordPolicy().then(
      (loaded) => {
        if (current) setPolicy(loaded);
      },
      // Without the rules there is no meter; the server still judges on submit.
      () => undefined,
    );
    return () => {
      current = false;
    };
    // Each keystroke while the rules are missing asks again: the load is shared while under way, and tried anew once failed.
  }, [wanted, policy, password]);
  // Rating can take a few milliseconds: typing stays ahead of it.
  const typed = useDeferredValue(password);
  const { username, email } = owner;
  return useMemo(() => (policy && typed !== '' ? policy.passwordStrength(typed, { username, email }) : null), [policy, typed, username, email]);
}

const LEVELS = 4;

/**
 * "Strength: Weak / Fair / Good / Strong" under a new-password field, with the
 * reason a weak one would be refused. A meter role for assistive technology;
 * the label is announced when it changes, not on every keystroke.
 */
export function PasswordStrengthMeter({ password, owner }: { password: string; owner: PasswordOwner }) {
  const strength = usePasswordStrength(password, owner);
  if (!strength) return null;
  const filled = strength.problem === null ? Math.max(2, strength.score) : 1;
  return (
    <Root>
      <Bar
        role="meter"
        // Not "Password strength": the form's "Password" field must stay the only control of that name.
        aria-label="Strength"
        aria-valuemin={0}
        aria-valuemax={LEVELS}
        aria-valuenow={filled}
        aria-valuetext={strength.label}
      >
        {Array.from({ length: LEVELS }, (_, index) => (
          <Segment key={index} $on={index < filled} $level={filled} />
        ))}
      </Bar>
      <Label aria-live="polite">
        Strength: {strength.label}
      </Label>
      {strength.problem ? <Reason>{strength.problem}</Reason> : null}
    </Root>
  );
}

const Root = styled.div`
  display: grid;
  gap: ${({ theme }) => px(theme.space[1])};
`;

const Bar = styled.div`
  display: grid;
  grid-template-columns: repeat(${LEVELS}, 1fr);
  gap: ${({ theme }) => px(theme.space[1])};
`;

const Segment = styled.span<{ $on: boolean; $level: number }>`
  height: ${({ theme }) => px(theme.space[1])};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme, $on, $level }) => {
    if (!$on) return theme.colors.border;
    if ($level <= 1) return theme.colors.danger;
    if ($level === 2) return theme.colors.warning;
    return theme.colors.green;
  }};
`;

const Label = styled.p`
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

const Reason = styled.p`
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  color: ${({ theme }) => theme.colors.muted};
`;
