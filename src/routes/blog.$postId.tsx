import { createFileRoute } from '@tanstack/react-router';
import { blogPostQueryOptions } from '../api/blog';
import { BlogPostScreen } from '../features/blog/BlogPostScreen';

export const Route = createFileRoute('/blog/$postId')({
  // The post's own title, set by the screen from the post.
  staticData: { pageTitle: null },
  // Prefetched, not awaited: a missing post shows the screen's own 'not found' state.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(blogPostQueryOptions(params.postId));
  },
  component: BlogPostScreen,
});
