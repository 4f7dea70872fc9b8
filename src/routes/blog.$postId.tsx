import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../features/shell/ScreenHeading';

export const Route = createFileRoute('/blog/$postId')({
  component: BlogPostRoute,
});

function BlogPostRoute() {
  return <ScreenHeading title="Blog" />;
}
