import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { CatalogueScreen } from '../features/admin/catalogue/CatalogueScreen';

const catalogueSearchSchema = z.object({
  tab: z.enum(['gifts', 'coinPacks', 'vipPlans']).optional().catch(undefined),
});

export const Route = createFileRoute('/admin/catalogue')({
  validateSearch: catalogueSearchSchema,
  component: CatalogueRoute,
});

function CatalogueRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CatalogueScreen tab={tab ?? 'gifts'} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}
