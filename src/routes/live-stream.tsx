import { createFileRoute } from '@tanstack/react-router';
import { LiveStreamPage } from '../features/live-stream/LiveStreamPage';

export const Route = createFileRoute('/live-stream')({
  staticData: { pageTitle: 'Go live' },
  component: LiveStreamPage,
});
