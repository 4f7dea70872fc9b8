import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginScreen } from '../features/auth/LoginScreen';

const loginSearchSchema = z.object({
  tab: z.enum(['user', 'admin']).optional().catch(undefined),
});

export const Route = createFileRoute('/login')({
  validateSearch: loginSearchSchema,
  component: LoginRoute,
});

function LoginRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <LoginScreen tab={tab ?? 'user'} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}
