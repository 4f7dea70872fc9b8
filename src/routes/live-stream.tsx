import { createFileRoute } from '@tanstack/react-router';
import { LiveStreamScreen } from '../features/live-stream/LiveStreamScreen';

export const Route = createFileRoute('/live-stream')({
  component: LiveStreamScreen,
});
