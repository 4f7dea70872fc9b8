import { createFileRoute } from '@tanstack/react-router';
import { LiveStreamPage } from '../features/live/host/LiveStreamPage';

export const Route = createFileRoute('/live-stream')({
  staticData: { pageTitle: 'Go live' },
  component: LiveStreamPage,
});
