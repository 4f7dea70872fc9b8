import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicyScreen } from '../features/legal/PrivacyPolicyScreen';

export const Route = createFileRoute('/privacy')({
  staticData: { pageTitle: 'Privacy Policy' },
  component: PrivacyPolicyScreen,
});
