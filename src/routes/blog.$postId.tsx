import { createFileRoute } from '@tanstack/react-router';
import { blogPostQueryOptions } from '../api/blog/posts';
import { pageDataReady } from '../lib/page-data';
import { BlogPostScreen } from '../features/blog/BlogPostScreen';

export const Route = createFileRoute('/blog/$postId')({
  // The post's own title, set by the screen from the post.
  staticData: { pageTitle: null },
  // The post opens with its text; a missing post still shows the screen's own 'not found'.
  loader: ({ context, params }) => pageDataReady(context.queryClient.ensureQueryData(blogPostQueryOptions(params.postId))),
  component: BlogPostScreen,
});
