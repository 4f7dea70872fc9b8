import { createFileRoute } from '@tanstack/react-router';
import { blogListQueryOptions } from '../api/blog/posts';
import { TEASER_POST_COUNT } from '../features/blog/teaser-post-count';
import { FEATURE_GUIDES_CATEGORY, FeaturesScreen } from '../features/marketing/FeaturesScreen';

export const Route = createFileRoute('/features')({
  staticData: { pageTitle: 'Features' },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(
      blogListQueryOptions({ page: 1, limit: TEASER_POST_COUNT, category: FEATURE_GUIDES_CATEGORY }),
    );
  },
  component: FeaturesScreen,
});
