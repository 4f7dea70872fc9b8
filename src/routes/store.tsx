import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../features/shell/ScreenHeading';

export const Route = createFileRoute('/store')({
  component: StoreRoute,
});

function StoreRoute() {
  return <ScreenHeading title="Store" />;
}
