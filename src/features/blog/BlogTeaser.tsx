import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { blogListQueryOptions } from '../../api/blog/posts';
import { ButtonLink, Grid, px, Skeleton } from '../../ui';
import { MarketingSection, SectionHeader } from '../marketing/Section';
import { BlogPostCard } from './BlogPostCard';
import { TEASER_POST_COUNT } from './teaser-post-count';

export interface BlogTeaserProps {
  id: string;
  eyebrow: string;
  title: string;
  subtitle: string;
  /** Only posts of this category (e.g. the Features guides); all categories when left out. */
  category?: string;
}

/**
 * The three newest published posts, linking to them. A failed fetch hides the
 * cards (the blog link stays): a teaser is not worth an error on a marketing page.
 */
export function BlogTeaser({ id, eyebrow, title, subtitle, category }: BlogTeaserProps) {
  const posts = useQuery(blogListQueryOptions({ page: 1, limit: TEASER_POST_COUNT, category }));

  return (
    <MarketingSection id={id}>
      <SectionHeader sectionId={id} eyebrow={eyebrow} title={title} subtitle={subtitle} />
      {posts.isPending ? (
        <Grid aria-busy="true" aria-label="Loading posts">
          {Array.from({ length: TEASER_POST_COUNT }, (_, index) => (
            <li key={index}>
              <Skeleton shape="block" height={320} />
            </li>
          ))}
        </Grid>
      ) : (
        posts.data &&
        posts.data.posts.length > 0 && (
          <Grid>
            {posts.data.posts.map((post) => (
              <li key={post._id}>
                <BlogPostCard post={post} headingLevel={3} />
              </li>
            ))}
          </Grid>
        )
      )}
      <More>
        <ButtonLink to="/blog" search={category ? { category } : {}} variant="secondary">
          Read the blog
        </ButtonLink>
      </More>
    </MarketingSection>
  );
}

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => px(theme.space[8])};
`;
