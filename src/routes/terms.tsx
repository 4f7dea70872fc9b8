import { createFileRoute } from '@tanstack/react-router';
import { TermsOfServiceScreen } from '../features/legal/TermsOfServiceScreen';

export const Route = createFileRoute('/terms')({
  staticData: { pageTitle: 'Terms of Service' },
  component: TermsOfServiceScreen,
});
