import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../features/shell/ScreenHeading';

export const Route = createFileRoute('/blog/')({
  component: BlogListRoute,
});

function BlogListRoute() {
  return <ScreenHeading title="Blog" />;
}
