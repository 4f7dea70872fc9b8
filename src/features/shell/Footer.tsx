import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { FOOTER_INERT_ENTRIES, FOOTER_LEGAL_LINKS, FOOTER_LINKS, FOOTER_TAGLINE } from './nav-links';
import { useAppName } from './useAppName';

/** SPEC section 2 footer: name, tagline, links, the legal pages, inert app-store entries, copyright. */
export function Footer() {
  const appName = useAppName();
  const year = new Date().getFullYear();

  return (
    <Wrapper>
      <Grid>
        <div>
          <Name>{appName}</Name>
          <Tagline>{FOOTER_TAGLINE}</Tagline>
        </div>
        <nav aria-label="Footer">
          <ColumnTitle>Explore</ColumnTitle>
          <List>
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <FooterLink to={link.to}>{link.label}</FooterLink>
              </li>
            ))}
          </List>
        </nav>
        <nav aria-label="Legal">
          <ColumnTitle>Legal</ColumnTitle>
          <List>
            {FOOTER_LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <FooterLink to={link.to}>{link.label}</FooterLink>
              </li>
            ))}
          </List>
        </nav>
        <div>
          <ColumnTitle>Get the app</ColumnTitle>
          <List>
            {FOOTER_INERT_ENTRIES.apps.map((entry) => (
              <li key={entry}>
                <Inert>{entry}</Inert>
              </li>
            ))}
          </List>
        </div>
      </Grid>
      <Copyright>
        © {year} {appName}. All rights reserved.
      </Copyright>
    </Wrapper>
  );
}

const Wrapper = styled.footer`
  margin-top: auto;
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.surface};
  padding: ${({ theme }) => `${theme.space[12]}px ${theme.space[4]}px ${theme.space[6]}px`};
`;

const Grid = styled.div`
  max-width: 1200px;
  margin: 0 auto;
  display: grid;
  gap: ${({ theme }) => theme.space[8]}px;
  grid-template-columns: 1fr;

  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}px) {
    grid-template-columns: 2fr 1fr 1fr 1fr;
  }
`;

const Name = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
  font-size: ${({ theme }) => theme.font.sizes.xl}px;
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

const Tagline = styled.p`
  margin: 0;
  max-width: 36ch;
  color: ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.font.sizes.sm}px;
  line-height: 1.6;
`;

const ColumnTitle = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[3]}px;
  font-size: ${({ theme }) => theme.font.sizes.sm}px;
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  text-transform: uppercase;
  letter-spacing: 0.06em;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[2]}px;
  font-size: ${({ theme }) => theme.font.sizes.sm}px;
`;

const FooterLink = styled(Link)`
  color: ${({ theme }) => theme.colors.border};
  text-decoration: none;
  &:hover {
    color: ${({ theme }) => theme.colors.surface};
    text-decoration: underline;
  }
`;

const Inert = styled.span`
  color: ${({ theme }) => theme.colors.border};
`;

const Copyright = styled.p`
  max-width: 1200px;
  margin: ${({ theme }) => `${theme.space[8]}px auto 0`};
  padding-top: ${({ theme }) => theme.space[6]}px;
  border-top: 1px solid ${({ theme }) => theme.colors.muted};
  color: ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.font.sizes.xs}px;
`;
