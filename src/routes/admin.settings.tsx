import { createFileRoute } from '@tanstack/react-router';
import { appConfigQueryOptions } from '../api/admin/site-settings';
import { SettingsScreen } from '../features/admin/settings/SettingsScreen';
import { pageDataReady } from '../lib/page-data';

export const Route = createFileRoute('/admin/settings')({
  staticData: { pageTitle: 'Settings' },
  // The settings open filled in; a failure still shows the screen's own error with Try Again.
  loader: ({ context }) => pageDataReady(context.queryClient.ensureQueryData(appConfigQueryOptions())),
  component: SettingsScreen,
});
