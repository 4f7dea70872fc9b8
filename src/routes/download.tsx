import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../features/shell/ScreenHeading';

export const Route = createFileRoute('/download')({
  component: DownloadRoute,
});

function DownloadRoute() {
  return <ScreenHeading title="Download" />;
}
