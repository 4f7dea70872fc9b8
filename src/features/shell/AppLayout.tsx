import { lazy, Suspense } from 'react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import styled from 'styled-components';
import { useAuth } from '../auth/AuthProvider';
import { LoadWhenNear } from '../../ui';
import { Header } from './Header';
import { isPublicPage } from './nav-links';
import { PageTitle } from './PageTitle';

const MAIN_ID = 'main';
// About the footer's rendered height, so the page keeps its length while it loads.
const FOOTER_HEIGHT = { compact: 668, wide: 288 };

// Rarely shown, or only to members: a visitor's first page does not carry them.
const SessionEndedNotice = lazy(() => import('../auth/SessionEndedNotice').then((module) => ({ default: module.SessionEndedNotice })));
const PresenceHeartbeat = lazy(() => import('../members/presence/PresenceHeartbeat').then((module) => ({ default: module.PresenceHeartbeat })));
// Below every page's content: fetched when the page is scrolled near it, so a
// visitor's first view of a long page (Home) does not carry its code.
const Footer = lazy(() => import('./Footer').then((module) => ({ default: module.Footer })));
const MemberTabBar = lazy(() => import('./MemberTabBar').then((module) => ({ default: module.MemberTabBar })));
const MemberLayer = lazy(() => import('./MemberLayer').then((module) => ({ default: module.MemberLayer })));

/**
 * Header and footer (SPEC section 2) around the routed screen. A member's own
 * screens are the app's (issue 51): the header keeps the app's entries, the
 * footer stays on the public pages, and phones get the member's tab bar.
 */
export function AppLayout() {
  const { isUser, isAdmin, isLeaving, sessionEnded } = useAuth();
  // With an admin token too, requests carry the admin's: the member's own heartbeat, notices and likes would speak for the wrong account.
  const member = isUser && !isAdmin && !isLeaving;
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const memberScreen = member && !isPublicPage(pathname);
  return (
    <Page>
      {member ? (
        <Suspense fallback={null}>
          <PresenceHeartbeat />
        </Suspense>
      ) : null}
      <PageTitle mainId={MAIN_ID} />
      <SkipLink href={`#${MAIN_ID}`}>Skip to content</SkipLink>
      <Header memberScreen={memberScreen} />
      <Main id={MAIN_ID} tabIndex={-1}>
        {sessionEnded ? (
          <Suspense fallback={null}>
            <SessionEndedNotice />
          </Suspense>
        ) : null}
        {/* A member's notices (a moderator removed a photo) head every page until dismissed; a like that matches, on any screen, opens the match moment. */}
        {member ? (
          <Suspense fallback={null}>
            <MemberLayer mainId={MAIN_ID} />
          </Suspense>
        ) : null}
        <Outlet />
      </Main>
      {memberScreen ? null : (
        <LoadWhenNear estimatedHeight={FOOTER_HEIGHT}>
          <Footer />
        </LoadWhenNear>
      )}
      {member ? (
        <Suspense fallback={null}>
          <MemberTabBar />
        </Suspense>
      ) : null}
    </Page>
  );
}

const Page = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

const Main = styled.main`
  flex: 1;
  outline: none;
`;

const SkipLink = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.space[2]}px;
  top: -100px;
  z-index: 30;
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[4]}px`};
  border-radius: ${({ theme }) => theme.radii.input}px;
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.surface};
  &:focus {
    top: ${({ theme }) => theme.space[2]}px;
  }
`;
