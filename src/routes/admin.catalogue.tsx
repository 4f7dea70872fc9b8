import { createFileRoute } from '@tanstack/react-router';
import { CatalogueScreen } from '../features/admin/catalogue/CatalogueScreen';
import { optionalChoice, searchReader } from '../search-params';

const readCatalogueSearch = searchReader((search) => ({ tab: optionalChoice(search.tab, ['gifts', 'coinPacks', 'vipPlans']) }));

export const Route = createFileRoute('/admin/catalogue')({
  staticData: { pageTitle: 'Store catalogue' },
  validateSearch: readCatalogueSearch,
  component: CatalogueRoute,
});

function CatalogueRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CatalogueScreen tab={tab ?? 'gifts'} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}
