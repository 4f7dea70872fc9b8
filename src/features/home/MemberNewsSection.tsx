import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import styled from 'styled-components';
import { liveNowQueryOptions } from '../../api/live';
import { currentUserQueryOptions } from '../../api/members';
import { conversationsQueryOptions } from '../../api/messaging';
import { ButtonLink, Container, px } from '../../ui';
import { memberNewsOf, NO_NEWS, type MemberNews } from '../shell/member-news';

const count = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

interface NewsItem {
  to: '/match' | '/messages' | '/live-stream';
  figure: string;
  hint: string;
}

/** The three pieces of news, each a link to the screen where the member acts on it. */
function newsItems(news: MemberNews, liveCount: number): NewsItem[] {
  return [
    {
      to: '/match',
      figure: count(news.newMatches, 'new match', 'new matches'),
      hint: news.newMatches > 0 ? 'Say hello first' : 'Keep liking to match',
    },
    {
      to: '/messages',
      figure: count(news.unread, 'unread message', 'unread messages'),
      hint: news.unread > 0 ? 'Open your messages' : 'All caught up',
    },
    {
      to: '/live-stream',
      figure: liveCount > 0 ? `${count(liveCount, 'person', 'people')} live now` : 'Nobody live right now',
      hint: liveCount > 0 ? 'Watch and chat' : 'Go live yourself',
    },
  ];
}

/**
 * Home for a signed-in member (issue 51): their news first — new matches,
 * unread messages, who is live — and Discover one tap away, above the
 * visitors' pitch. The counts come from the queries the member's shell keeps
 * current (socket events update the conversations).
 */
export function MemberNewsSection() {
  const me = useQuery(currentUserQueryOptions());
  const { data: news = NO_NEWS } = useQuery({ ...conversationsQueryOptions(), select: memberNewsOf });
  const { data: liveCount = 0 } = useQuery({ ...liveNowQueryOptions(), select: (data) => data.streams.length });
  const name = me.data ? me.data.profile.name.trim() || me.data.username : null;
  return (
    <News aria-labelledby="member-news-title">
      <Container>
        <Inner>
          <Greeting id="member-news-title">{name ? `Welcome back, ${name}` : 'Welcome back'}</Greeting>
          <Items aria-label="Your news">
            {newsItems(news, liveCount).map((item) => (
              <li key={item.to}>
                <Item to={item.to}>
                  <Figure>{item.figure}</Figure>
                  <Hint>{item.hint}</Hint>
                </Item>
              </li>
            ))}
          </Items>
          <ButtonLink to="/users" size="lg">
            Discover people
          </ButtonLink>
        </Inner>
      </Container>
    </News>
  );
}

const News = styled.section`
  padding: ${({ theme }) => px(theme.space[6])} 0;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Inner = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => px(theme.space[4])};
`;

const Greeting = styled.h2`
  font-size: ${({ theme }) => px(theme.font.sizes.xl)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  width: 100%;
  display: grid;
  gap: ${({ theme }) => px(theme.space[3])};
  grid-template-columns: 1fr;

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const Item = styled(Link)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[1])};
  min-height: ${({ theme }) => px(theme.sizes.touchTarget)};
  padding: ${({ theme }) => px(theme.space[3])} ${({ theme }) => px(theme.space[4])};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

const Figure = styled.span`
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

const Hint = styled.span`
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  color: ${({ theme }) => theme.colors.muted};
`;
