import styled from 'styled-components';
import type { BlogPostSummary } from '../../../contract/blog/posts';
import { Badge, px } from '../../ui';
import { CoverImage } from '../marketing/cover-image';
import { createStretchedLink, liftingCard } from '../marketing/link-card';
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
      <CoverImage src={postImageSrc(post)} alt="" width={1200} height={630} loading={eagerImage ? 'eager' : 'lazy'} decoding="async" />
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
  ${liftingCard}
  overflow: hidden;
  height: 100%;
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

const TitleLink = createStretchedLink('inside');

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
