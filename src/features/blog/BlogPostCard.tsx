import { createLink } from '@tanstack/react-router';
import styled from 'styled-components';
import type { BlogPostSummary } from '../../../contract/blog';
import { Badge, px } from '../../ui';
import type { BlogListSearch } from './blog-search';
import { formatPostDate, postImageSrc } from './post-display';

export interface BlogPostCardProps {
  post: BlogPostSummary;
  /** The list page and category the card is shown on, so 'Back to Blog' can return there. */
  listSearch?: BlogListSearch;
  headingLevel?: 2 | 3;
  /** The first cards of a page are above the fold and load at once. */
  eagerImage?: boolean;
}

/** SPEC section 2 card: image, date, read time, title, excerpt, 'By' author, 'Read More →'. */
export function BlogPostCard({ post, listSearch, headingLevel = 2, eagerImage = false }: BlogPostCardProps) {
  return (
    <Card>
      <Cover src={postImageSrc(post)} alt="" width={1200} height={630} loading={eagerImage ? 'eager' : 'lazy'} decoding="async" />
      <Body>
        <Meta>
          <Badge tone="neutral">{post.category}</Badge>
          <span>
            <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.readTime}
          </span>
        </Meta>
        <Title as={headingLevel === 2 ? 'h2' : 'h3'}>
          <TitleLink
            to="/blog/$postId"
            params={{ postId: post._id }}
            state={(previous) => ({ ...previous, blogListSearch: listSearch })}
          >
            {post.title}
          </TitleLink>
        </Title>
        {post.excerpt && <Excerpt>{post.excerpt}</Excerpt>}
        <Footer>
          <Author>By {post.author || 'Orbit Team'}</Author>
          <ReadMore aria-hidden="true">Read More →</ReadMore>
        </Footer>
      </Body>
    </Card>
  );
}

const Card = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  overflow: hidden;
  height: 100%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  transition:
    transform ${({ theme }) => theme.motion.base},
    box-shadow ${({ theme }) => theme.motion.base};

  &:hover,
  &:focus-within {
    transform: translateY(-2px);
    box-shadow: ${({ theme }) => theme.shadows.raised};
  }
`;

const Cover = styled.img`
  width: 100%;
  height: auto;
  aspect-ratio: 1200 / 630;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.purpleTint};
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[3])};
  padding: ${({ theme }) => px(theme.space[6])};
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[2])};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => px(theme.font.sizes.lg)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  line-height: ${({ theme }) => theme.font.lineHeights.tight};
`;

const TitleAnchor = styled.a`
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  /* The whole card opens the post; the title stays the one link and focus stop. */
  &::after {
    content: '';
    position: absolute;
    inset: 0;
  }

  &:focus-visible {
    outline: none;
  }

  &:focus-visible::after {
    outline: ${({ theme }) => px(theme.sizes.focusRing)} solid ${({ theme }) => theme.colors.purple};
    outline-offset: ${({ theme }) => px(-theme.sizes.focusRing * 2)};
    border-radius: ${({ theme }) => px(theme.radii.card)};
  }
`;

const TitleLink = createLink(TitleAnchor);

const Excerpt = styled.p`
  color: ${({ theme }) => theme.colors.neutralText};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => px(theme.space[2])};
  margin-top: auto;
  padding-top: ${({ theme }) => px(theme.space[2])};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
`;

const Author = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

const ReadMore = styled.span`
  color: ${({ theme }) => theme.colors.purpleDark};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;
