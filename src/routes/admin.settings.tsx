import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from '../features/admin/settings/SettingsScreen';

export const Route = createFileRoute('/admin/settings')({
  staticData: { pageTitle: 'Settings' },
  component: SettingsScreen,
});
