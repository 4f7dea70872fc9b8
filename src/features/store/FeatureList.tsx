import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, CardTitle, px } from '../../ui';

export interface FeatureEntry {
  icon: ReactNode;
  title: string;
  text: string;
  /** Where the benefit can be seen in use, if anywhere (a router link). */
  link?: ReactNode;
}

/** A card listing short entries with an icon each: the ways to earn coins, the VIP benefits. */
export function FeatureList({ title, titleId, entries }: { title: string; titleId: string; entries: readonly FeatureEntry[] }) {
  return (
    <Card as="section" aria-labelledby={titleId}>
      <CardTitle id={titleId}>{title}</CardTitle>
      <Entries>
        {entries.map((entry) => (
          <li key={entry.title}>
            <IconBubble aria-hidden="true">{entry.icon}</IconBubble>
            <div>
              <EntryTitle>{entry.title}</EntryTitle>
              <EntryText>{entry.text}</EntryText>
              {entry.link ? <EntryLink>{entry.link}</EntryLink> : null}
            </div>
          </li>
        ))}
      </Entries>
    </Card>
  );
}

const Entries = styled.ul`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => px(theme.space[4])};
  padding: 0;
  margin: 0;
  list-style: none;

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  & > li {
    display: flex;
    align-items: flex-start;
    gap: ${({ theme }) => px(theme.space[3])};
    min-width: 0;
  }
`;

const IconBubble = styled.span`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => px(theme.sizes.touchTarget)};
  height: ${({ theme }) => px(theme.sizes.touchTarget)};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.purpleTint};
  color: ${({ theme }) => theme.colors.purple};

  & svg {
    width: ${({ theme }) => px(theme.sizes.icon)};
    height: ${({ theme }) => px(theme.sizes.icon)};
  }
`;

const EntryTitle = styled.p`
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

const EntryText = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
`;

const EntryLink = styled.p`
  margin-top: ${({ theme }) => px(theme.space[1])};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};

  & a {
    color: ${({ theme }) => theme.colors.purpleDark};
  }
`;
