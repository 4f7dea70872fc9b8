import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Heading } from './Heading';
import { Container, Stack } from './layout';
import { Text } from './Text';
import { px } from './theme';

const Padded = styled(Container)`
  padding-block: ${({ theme }) => px(theme.space[6])};

  ${({ theme }) => theme.media.tablet} {
    padding-block: ${({ theme }) => px(theme.space[8])};
  }
`;

export interface ScreenFrameProps {
  title: string;
  subtitle?: ReactNode;
  /** Beside the title from tablet up (e.g. a view toggle). */
  aside?: ReactNode;
  children: ReactNode;
}

const HeaderRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => px(theme.space[4])};
`;

/** The app-like signed-in screens (Discover, Radar, Spin, Matches, Profile): a title, then content first. */
export function ScreenFrame({ title, subtitle, aside, children }: ScreenFrameProps) {
  return (
    <Padded>
      <Stack gap={6}>
        <HeaderRow>
          <Stack gap={2}>
            <Heading level={1}>{title}</Heading>
            {subtitle ? <Text tone="muted">{subtitle}</Text> : null}
          </Stack>
          {aside}
        </HeaderRow>
        {children}
      </Stack>
    </Padded>
  );
}
