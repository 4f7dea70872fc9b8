import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, Heading, Text } from '../../ui';

/** The centred card both sign-in and sign-up sit on. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Backdrop>
      <Panel>
        <Intro>
          <Heading level={1}>{title}</Heading>
          <Text tone="muted">{subtitle}</Text>
        </Intro>
        {children}
      </Panel>
    </Backdrop>
  );
}

const Backdrop = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => `${theme.space[8]}px ${theme.space[4]}px ${theme.space[16]}px`};
  background: radial-gradient(circle at 20% 0%, ${({ theme }) => theme.colors.pinkTint} 0%, transparent 45%),
    radial-gradient(circle at 90% 30%, ${({ theme }) => theme.colors.purpleTint} 0%, transparent 40%);
`;

const Intro = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1]}px;
  margin-bottom: ${({ theme }) => theme.space[6]}px;
`;

const Panel = styled(Card)`
  width: 100%;
  max-width: 460px;
`;

/** The form on an auth card: its fields one under another. `$spaced` leaves room above it (under tabs). */
export const AuthForm = styled.form<{ $spaced?: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  margin-top: ${({ theme, $spaced }) => ($spaced ? theme.space[6] : 0)}px;
`;
