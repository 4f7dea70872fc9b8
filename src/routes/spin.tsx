import { createFileRoute } from '@tanstack/react-router';
import { SpinScreen } from '../features/spin/SpinScreen';

export const Route = createFileRoute('/spin')({
  component: SpinRoute,
});

function SpinRoute() {
  return <SpinScreen />;
}
