import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Container, Heading, px, Text } from '../../ui';
import { StoreAnimation } from './StoreAnimation';

interface StorePageLayoutProps {
  title: string;
  subtitle: string;
  animation: 'coins' | 'vip';
  /** Beside the title from tablet up (the balance), below it on a phone. */
  aside?: ReactNode;
  children: ReactNode;
}

/** The frame the Store, Coins and VIP screens share: animated hero, then the content sections. */
export function StorePageLayout({ title, subtitle, animation, aside, children }: StorePageLayoutProps) {
  return (
    <Page>
      <Hero>
        <TitleBlock>
          <StoreAnimation kind={animation} />
          <div>
            <Heading level={1}>{title}</Heading>
            <Text tone="muted">{subtitle}</Text>
          </div>
        </TitleBlock>
        {aside}
      </Hero>
      {children}
    </Page>
  );
}

const Page = styled(Container)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[8])};
  padding-top: ${({ theme }) => px(theme.space[8])};
  padding-bottom: ${({ theme }) => px(theme.space[12])};
`;

const Hero = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[6])};

  ${({ theme }) => theme.media.tablet} {
    flex-direction: row;
    align-items: center;
    justify-content: space-between;
  }
`;

const TitleBlock = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[4])};
  min-width: 0;
`;

/** A titled part of a store screen, e.g. 'Coin Packs' with a link to its own screen. */
export function StoreSection({ title, titleId, link, children }: { title: string; titleId: string; link?: ReactNode; children: ReactNode }) {
  return (
    <Section aria-labelledby={titleId}>
      <SectionHeader>
        <Heading level={2} id={titleId}>
          {title}
        </Heading>
        {link}
      </SectionHeader>
      {children}
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
`;

const SectionHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => px(theme.space[2])};
`;
