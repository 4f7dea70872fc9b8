import { createFileRoute } from '@tanstack/react-router';
import { blogListQueryOptions } from '../api/blog/posts';
import { HomeScreen } from '../features/home/HomeScreen';
import { preloadFirstSlideImage } from '../features/home/HomeCarousel';
import { TEASER_POST_COUNT } from '../features/blog/teaser-post-count';

export const Route = createFileRoute('/')({
  staticData: { pageTitle: '' },
  // Started, not awaited: every section renders at once with its defaults or skeletons.
  loader: ({ context }) => {
    preloadFirstSlideImage();
    void context.queryClient.prefetchQuery(blogListQueryOptions({ page: 1, limit: TEASER_POST_COUNT }));
  },
  component: HomeScreen,
});
