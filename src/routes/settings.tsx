import { createFileRoute } from '@tanstack/react-router';
import { requireSignIn } from '../features/auth/require-sign-in';
import { SettingsScreen } from '../features/members/profile/SettingsScreen';

export const Route = createFileRoute('/settings')({
  staticData: { pageTitle: 'Settings' },
  // Settings belong to an account, as the own profile does: without a token, sign in first.
  beforeLoad: requireSignIn,
  component: SettingsScreen,
});
