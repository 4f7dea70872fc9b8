import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import styled from 'styled-components';
import { DEFAULT_BLOG_CATEGORIES, PUBLIC_BLOG_PAGE_SIZE } from '../../../contract/constants';
import { blogCategoriesQueryOptions, blogListQueryOptions } from '../../api/blog/posts';
import { Container, EmptyState, ErrorState, Grid, Heading, Pagination, px, Skeleton, Text } from '../../ui';
import { BlogBreadcrumb } from './Breadcrumb';
import { BlogPostCard } from './BlogPostCard';
import { CategoryFilter } from './CategoryFilter';
import { NewsletterBox } from './NewsletterBox';

const routeApi = getRouteApi('/blog/');

/** The first row of cards is above the fold on a desktop. */
const EAGER_CARDS = 3;

/** The skeletons and the posts share one layout, so nothing moves when the posts arrive. */
const POST_GRID = { tabletColumns: 2, desktopColumns: 3 } as const;

/** SPEC section 2 Blog list: breadcrumb, categories, 9 cards a page, paging, newsletter. */
export function BlogListScreen() {
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const page = search.page ?? 1;
  const posts = useQuery(blogListQueryOptions({ page, limit: PUBLIC_BLOG_PAGE_SIZE, category: search.category }));
  const categories = useQuery(blogCategoriesQueryOptions());

  const goToPage = (next: number) => {
    const totalPages = posts.data?.totalPages ?? 1;
    // SPEC section 5: a page outside 1..totalPages is ignored.
    if (next < 1 || next > totalPages || next === page) return;
    void navigate({ search: (previous) => ({ ...previous, page: next === 1 ? undefined : next }) });
  };

  return (
    <Page>
      <Container>
        <Layout>
          <BlogBreadcrumb />
          <Intro>
            <Heading level={1}>Blog</Heading>
            <Text tone="muted" size="lg">
              Dating tips, success stories and news from the Orbit team.
            </Text>
          </Intro>
          <CategoryFilter categories={categories.data ?? DEFAULT_BLOG_CATEGORIES} />

          <section aria-label="Posts" aria-busy={posts.isFetching}>
            {posts.isPending ? (
              <Grid {...POST_GRID}>
                {Array.from({ length: EAGER_CARDS * 2 }, (_, index) => (
                  <li key={index}>
                    <Skeleton shape="block" height={360} />
                  </li>
                ))}
              </Grid>
            ) : posts.isError ? (
              <ErrorState
                title="Error Loading Blog"
                text={posts.error.message}
                action={{ label: 'Try Again', onClick: () => void posts.refetch() }}
              />
            ) : posts.data.posts.length === 0 ? (
              <EmptyState title="No blog posts found" text="Check back later for new posts." />
            ) : (
              <Stack>
                <Grid {...POST_GRID}>
                  {posts.data.posts.map((post, index) => (
                    <li key={post._id}>
                      <BlogPostCard post={post} listSearch={search} eagerImage={index < EAGER_CARDS} />
                    </li>
                  ))}
                </Grid>
                <Pagination page={posts.data.currentPage} totalPages={posts.data.totalPages} onChange={goToPage} label="Blog pages" />
              </Stack>
            )}
          </section>

          <NewsletterBox />
        </Layout>
      </Container>
    </Page>
  );
}

const Page = styled.div`
  padding-block: ${({ theme }) => px(theme.space[8])} ${({ theme }) => px(theme.space[16])};
`;

const Layout = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[8])};
`;

const Intro = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[2])};
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[8])};
`;
