import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../features/shell/ScreenHeading';

export const Route = createFileRoute('/vip')({
  component: VipRoute,
});

function VipRoute() {
  return <ScreenHeading title="VIP" />;
}
