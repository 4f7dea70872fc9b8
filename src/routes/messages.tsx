import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../features/shell/ScreenHeading';

export const Route = createFileRoute('/messages')({
  component: MessagesRoute,
});

function MessagesRoute() {
  return <ScreenHeading title="Messages" />;
}
