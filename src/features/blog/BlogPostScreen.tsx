import { useQuery } from '@tanstack/react-query';
import { createLink, getRouteApi, useCanGoBack, useRouter, useRouterState } from '@tanstack/react-router';
import styled from 'styled-components';
import type { BlogPost } from '../../../contract/blog/posts';
import { blogPostQueryOptions } from '../../api/blog/posts';
import { ApiError } from '../../api/client';
import { loadedByRoute } from '../../lib/page-data';
import { useAppName } from '../shell/useAppName';
import { Badge, ButtonLink, Container, EmptyState, ErrorState, px, Skeleton } from '../../ui';
import { RaisedCoverImage } from '../marketing/cover-image';
import { formatPostDate, postImageSrc } from './post-display';
import { PostBody } from './PostBody';
import { useDocumentMetadata, type DocumentMetadata } from './useDocumentMetadata';

const routeApi = getRouteApi('/blog/$postId');

const DESCRIPTION_LENGTH = 160;

function describe(post: BlogPost): string {
  const text = post.excerpt.trim() || post.content.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return text.length > DESCRIPTION_LENGTH ? `${text.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…` : text;
}

function metadataFor(post: BlogPost, appName: string): DocumentMetadata {
  const origin = window.location.origin;
  return {
    title: `${post.title} | ${appName} Blog`,
    description: describe(post),
    keywords: [...post.tags, post.category],
    canonicalUrl: `${origin}/blog/${encodeURIComponent(post._id)}`,
    imageUrl: `${origin}${postImageSrc(post)}`,
    type: 'article',
    publishedTime: post.date,
    author: post.author || undefined,
  };
}

/** SPEC section 2 Blog post: image, 'Back to Blog', date, read time, author, title, body, category and tags. */
export function BlogPostScreen() {
  const { postId } = routeApi.useParams();
  const post = useQuery({ ...blogPostQueryOptions(postId), ...loadedByRoute });
  const appName = useAppName();
  useDocumentMetadata(post.data ? metadataFor(post.data, appName) : null);

  return (
    <Page>
      <Narrow>
        <BackToBlog />
        {post.isPending ? (
          <Loading role="status" aria-busy="true" aria-label="Loading post">
            <Skeleton shape="block" height={320} />
            <Skeleton width="40%" />
            <Skeleton height={40} />
            <Skeleton />
            <Skeleton />
            <Skeleton width="80%" />
          </Loading>
        ) : post.isError ? (
          post.error instanceof ApiError && post.error.status === 404 ? (
            <EmptyState
              title="Blog post not found"
              text="It may have been moved or unpublished. The blog has plenty more to read."
              action={
                <ButtonLink to="/blog" search={{}}>
                  Browse the blog
                </ButtonLink>
              }
            />
          ) : (
            <ErrorState
              title="Error Loading Post"
              text={post.error.message}
              action={{ label: 'Try Again', onClick: () => void post.refetch() }}
            />
          )
        ) : (
          <PostArticle post={post.data} />
        )}
      </Narrow>
    </Page>
  );
}

function PostArticle({ post }: { post: BlogPost }) {
  return (
    <Article aria-labelledby="post-title">
      <RaisedCoverImage src={postImageSrc(post)} alt="" width={1200} height={630} />
      <Meta>
        <time dateTime={post.date}>{formatPostDate(post.date)}</time>
        <span aria-hidden="true">·</span>
        <span>{post.readTime}</span>
        <AuthorSeparator aria-hidden="true">·</AuthorSeparator>
        <Author>By {post.author || 'Orbit Team'}</Author>
      </Meta>
      <Title id="post-title">{post.title}</Title>
      <PostBody html={post.content} />
      <Chips aria-label="Category and tags">
        <li>
          <Badge tone="admin">{post.category}</Badge>
        </li>
        {post.tags.map((tag) => (
          <li key={tag}>
            <Badge tone="neutral">#{tag}</Badge>
          </li>
        ))}
      </Chips>
    </Article>
  );
}

/**
 * Opened from the list, 'Back to Blog' goes back in history, so the list
 * returns at the same page, category and scroll position; opened directly it
 * is a plain link to the list.
 */
function BackToBlog() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const listSearch = useRouterState({ select: (state) => state.location.state.blogListSearch });
  return (
    <BackLink
      to="/blog"
      search={listSearch ?? {}}
      onClick={(event) => {
        if (!listSearch || !canGoBack) return;
        event.preventDefault();
        router.history.back();
      }}
    >
      ← Back to Blog
    </BackLink>
  );
}

const Page = styled.div`
  padding-block: ${({ theme }) => px(theme.space[8])} ${({ theme }) => px(theme.space[16])};
`;

const Narrow = styled(Container)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[6])};
  max-width: calc(72ch + ${({ theme }) => px(theme.space[16])});
`;

const BackAnchor = styled.a`
  align-self: flex-start;
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => px(theme.sizes.touchTarget)};
  color: ${({ theme }) => theme.colors.purpleDark};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  text-decoration: none;

  &:hover {
    text-decoration: underline;
  }
`;

const BackLink = createLink(BackAnchor);

const Loading = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
`;

const Article = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[4])};
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => px(theme.space[2])};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
`;

// On a phone the author takes a line of their own: wrapped freely, the line above ended in a stray '·'.
const AuthorSeparator = styled.span`
  display: none;

  ${({ theme }) => theme.media.tablet} {
    display: inline;
  }
`;

const Author = styled.span`
  flex-basis: 100%;

  ${({ theme }) => theme.media.tablet} {
    flex-basis: auto;
  }
`;

const Title = styled.h1`
  font-size: ${({ theme }) => px(theme.font.sizes.xxl)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  letter-spacing: -0.01em;

  ${({ theme }) => theme.media.tablet} {
    font-size: ${({ theme }) => px(theme.font.sizes.display)};
  }
`;

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => px(theme.space[2])};
  padding: ${({ theme }) => px(theme.space[6])} 0 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  list-style: none;
`;
