import { createFileRoute } from '@tanstack/react-router';
import { blogPostQueryOptions } from '../api/blog';
import { BlogPostScreen } from '../features/blog/BlogPostScreen';

export const Route = createFileRoute('/blog/$postId')({
  // Prefetched, not awaited: a missing post shows the screen's own 'not found' state.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(blogPostQueryOptions(params.postId));
  },
  component: BlogPostScreen,
});
