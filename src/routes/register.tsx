import { createFileRoute } from '@tanstack/react-router';
import { RegisterScreen } from '../features/auth/RegisterScreen';

export const Route = createFileRoute('/register')({
  staticData: { pageTitle: 'Sign up' },
  component: RegisterScreen,
});
