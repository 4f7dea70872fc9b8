import { createFileRoute } from '@tanstack/react-router';
import { PUBLIC_BLOG_PAGE_SIZE } from '../../contract/constants';
import { blogCategoriesQueryOptions, blogListQueryOptions } from '../api/blog/posts';
import { readBlogListSearch } from '../features/blog/blog-search';
import { BlogListScreen } from '../features/blog/BlogListScreen';

export const Route = createFileRoute('/blog/')({
  staticData: { pageTitle: 'Blog' },
  validateSearch: readBlogListSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, category: search.category }),
  // Prefetched, not awaited: a failed fetch shows the screen's own error state.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(blogListQueryOptions({ ...deps, limit: PUBLIC_BLOG_PAGE_SIZE }));
    void context.queryClient.prefetchQuery(blogCategoriesQueryOptions());
  },
  component: BlogListScreen,
});
