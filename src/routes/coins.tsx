import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../features/shell/ScreenHeading';

export const Route = createFileRoute('/coins')({
  component: CoinsRoute,
});

function CoinsRoute() {
  return <ScreenHeading title="Your Coins" />;
}
