import { createFileRoute } from '@tanstack/react-router';
import { DownloadScreen } from '../features/marketing/DownloadScreen';

export const Route = createFileRoute('/download')({
  staticData: { pageTitle: 'Download' },
  component: DownloadScreen,
});
