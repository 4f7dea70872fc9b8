import { createFileRoute } from '@tanstack/react-router';
import { blogListQueryOptions } from '../api/blog';
import { HomeScreen } from '../features/home/HomeScreen';
import { TEASER_POST_COUNT } from '../features/blog/BlogTeaser';

export const Route = createFileRoute('/')({
  // Started, not awaited: every section renders at once with its defaults or skeletons.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(blogListQueryOptions({ page: 1, limit: TEASER_POST_COUNT }));
  },
  component: HomeScreen,
});
