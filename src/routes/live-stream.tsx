import { createFileRoute } from '@tanstack/react-router';
import { LiveStreamScreen } from '../features/live-stream/LiveStreamScreen';

export const Route = createFileRoute('/live-stream')({
  staticData: { pageTitle: 'Go live' },
  component: LiveStreamScreen,
});
