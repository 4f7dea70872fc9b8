import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { Container, Heading, px, Text } from '../../ui';

/** When the Privacy Policy, Terms of Service and Cookie Policy were last changed. */
export const LEGAL_LAST_UPDATED = '2026-11-27';
const LAST_UPDATED_TEXT = '27 November 2026';

/** The pages each legal page points to at its foot. */
const LEGAL_PAGES = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/cookies', label: 'Cookie Policy' },
] as const;

/** One legal page: its title, the date it last changed, a short summary, then its sections. */
export function LegalPage({ title, summary, children }: { title: string; summary: ReactNode; children: ReactNode }) {
  return (
    <Page>
      <Container>
        <Column>
          <Heading level={1}>{title}</Heading>
          <Text tone="muted" size="sm">
            Last updated: <time dateTime={LEGAL_LAST_UPDATED}>{LAST_UPDATED_TEXT}</time>
          </Text>
          <Summary>{summary}</Summary>
          {children}
          <nav aria-label="Legal pages">
            <Others>
              {LEGAL_PAGES.filter((page) => page.label !== title).map((page) => (
                <li key={page.to}>
                  <Link to={page.to}>{page.label}</Link>
                </li>
              ))}
            </Others>
          </nav>
        </Column>
      </Container>
    </Page>
  );
}

/** A titled section of a legal page (an h2 and its paragraphs or lists). */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Section>
      <Heading level={2} size="lg">
        {title}
      </Heading>
      {children}
    </Section>
  );
}

const Page = styled.div`
  padding-block: ${({ theme }) => `${px(theme.space[8])} ${px(theme.space[16])}`};
`;

const Column = styled.article`
  display: grid;
  gap: ${({ theme }) => px(theme.space[4])};
  max-width: 72ch;
  margin-inline: auto;
  line-height: ${({ theme }) => theme.font.lineHeights.base};

  & section ul {
    display: grid;
    gap: ${({ theme }) => px(theme.space[2])};
    padding-inline-start: ${({ theme }) => px(theme.space[6])};
  }

  & a {
    color: ${({ theme }) => theme.colors.purpleDark};
  }
`;

const Summary = styled.div`
  padding: ${({ theme }) => px(theme.space[4])};
  border-radius: ${({ theme }) => px(theme.radii.input)};
  background: ${({ theme }) => theme.colors.purpleTint};
  color: ${({ theme }) => theme.colors.text};
`;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => px(theme.space[3])};
  margin-top: ${({ theme }) => px(theme.space[4])};
`;

const Others = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => px(theme.space[4])};
  list-style: none;
  margin-top: ${({ theme }) => px(theme.space[8])};
  padding: 0;
`;
