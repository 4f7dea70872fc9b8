import { createFileRoute } from '@tanstack/react-router';
import { CookiePolicyScreen } from '../features/legal/CookiePolicyScreen';

export const Route = createFileRoute('/cookies')({
  staticData: { pageTitle: 'Cookie Policy' },
  component: CookiePolicyScreen,
});
