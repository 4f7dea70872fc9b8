import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../features/shell/ScreenHeading';

export const Route = createFileRoute('/')({
  component: HomeRoute,
});

function HomeRoute() {
  return <ScreenHeading title="Meet people near you" />;
}
