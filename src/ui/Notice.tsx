import type { ReactNode } from 'react';
import styled from 'styled-components';
import { px } from './theme';

export type NoticeTone = 'success' | 'error' | 'info';

const toneColors = {
  success: { border: 'green', fill: 'greenTint', text: 'greenText' },
  error: { border: 'danger', fill: 'dangerTint', text: 'dangerText' },
  info: { border: 'blue', fill: 'blueTint', text: 'blueText' },
} as const;

const Box = styled.div<{ $tone: NoticeTone }>`
  display: flex;
  gap: ${({ theme }) => px(theme.space[3])};
  align-items: flex-start;
  padding: ${({ theme }) => `${px(theme.space[3])} ${px(theme.space[4])}`};
  border: 1px solid ${({ theme, $tone }) => theme.colors[toneColors[$tone].border]};
  border-left-width: ${({ theme }) => px(theme.space[1])};
  border-radius: ${({ theme }) => px(theme.radii.input)};
  background: ${({ theme, $tone }) => theme.colors[toneColors[$tone].fill]};
  color: ${({ theme, $tone }) => theme.colors[toneColors[$tone].text]};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  overflow-wrap: anywhere;
`;

const Content = styled.div`
  flex: 1;
  min-width: 0;
`;

const Title = styled.p`
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

export interface NoticeProps {
  tone: NoticeTone;
  /** Optional bold first line. */
  title?: ReactNode;
  children?: ReactNode;
  /** An action such as a dismiss button, placed at the end. */
  action?: ReactNode;
  className?: string;
}

/**
 * An inline message. Errors use role="alert" (announced at once); success
 * and info use role="status" (announced politely).
 */
export function Notice({ tone, title, children, action, className }: NoticeProps) {
  return (
    <Box role={tone === 'error' ? 'alert' : 'status'} $tone={tone} className={className}>
      <Content>
        {title && <Title>{title}</Title>}
        {children}
      </Content>
      {action}
    </Box>
  );
}
