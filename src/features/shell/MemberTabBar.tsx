import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState, useSearch } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import { conversationsQueryOptions } from '../../api/messaging';
import { ChatIcon, CompassIcon, HeartIcon, LiveIcon, PersonIcon, px } from '../../ui';
import { UnreadCount } from '../messaging/UnreadCount';
import { memberNewsOf, NO_NEWS, type MemberNews } from './member-news';

interface Tab {
  to: '/users' | '/match' | '/messages' | '/live-stream' | '/profile/{-$userId}';
  label: string;
  Icon: ComponentType;
  /** The count shown on the tab and what it says to a screen reader. */
  badge?: (news: MemberNews) => { count: number; said: string };
}

const TABS: readonly Tab[] = [
  { to: '/users', label: 'Discover', Icon: CompassIcon },
  { to: '/match', label: 'Matches', Icon: HeartIcon, badge: (news) => ({ count: news.newMatches, said: 'new' }) },
  { to: '/messages', label: 'Messages', Icon: ChatIcon, badge: (news) => ({ count: news.unread, said: 'unread' }) },
  { to: '/live-stream', label: 'Live', Icon: LiveIcon },
  { to: '/profile/{-$userId}', label: 'Profile', Icon: PersonIcon },
];

/**
 * A signed-in member's tabs at the foot of a phone's screen (issue 51), as in
 * the apps they know: Discover, Matches, Messages, Live and Profile within
 * thumb reach, with the new matches and unread messages on their tabs. From a
 * tablet up the header holds the same entries. An open chat and a call take
 * the whole screen, so the bar steps aside there.
 */
export function MemberTabBar() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const openChat = useSearch({ strict: false, select: (search) => Boolean(search.with) });
  const { data: news = NO_NEWS } = useQuery({ ...conversationsQueryOptions(), select: memberNewsOf });
  if ((pathname === '/messages' && openChat) || pathname.startsWith('/video-call')) return null;
  return (
    <>
      <TabBarRoom />
      <Spacer aria-hidden="true" />
      <Bar aria-label="Tabs">
        {TABS.map(({ to, label, Icon, badge }) => {
          const shown = badge?.(news);
          const counted = shown && shown.count > 0 ? shown : null;
          return (
            <TabLink key={to} to={to} activeOptions={{ exact: to === '/profile/{-$userId}' }} aria-label={counted ? `${label}, ${counted.count} ${counted.said}` : undefined}>
              <Icon />
              <span>{label}</span>
              {counted ? <Count aria-hidden="true">{counted.count}</Count> : null}
            </TabLink>
          );
        })}
      </Bar>
    </>
  );
}

const TAB_BAR_HEIGHT = 60;

/** Screens that fill the viewport (Messages) and the bottom toasts leave this much room while the bar shows. */
const TabBarRoom = createGlobalStyle`
  ${({ theme }) => theme.media.belowTablet} {
    :root {
      --member-tab-bar: ${px(TAB_BAR_HEIGHT)};
    }
  }
`;

// The page's end scrolls clear of the bar instead of hiding under it.
const Spacer = styled.div`
  height: ${px(TAB_BAR_HEIGHT)};
  ${({ theme }) => theme.media.tablet} {
    display: none;
  }
`;

const Bar = styled.nav`
  position: fixed;
  right: 0;
  bottom: 0;
  left: 0;
  z-index: 20;
  display: grid;
  grid-template-columns: repeat(${TABS.length}, 1fr);
  height: ${px(TAB_BAR_HEIGHT)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  ${({ theme }) => theme.media.tablet} {
    display: none;
  }
`;

const TabLink = styled(Link)`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  min-width: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  text-decoration: none;

  svg {
    width: 24px;
    height: 24px;
  }
  &[data-status='active'] {
    color: ${({ theme }) => theme.colors.purple};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.purple};
    outline-offset: -4px;
  }
`;

const Count = styled(UnreadCount)`
  position: absolute;
  top: 4px;
  left: calc(50% + 6px);
  padding: 0 ${({ theme }) => px(theme.space[1])};
`;
