import { createFileRoute } from '@tanstack/react-router';
import { adminCoinPacksQueryOptions, adminGiftsQueryOptions, adminVipPlansQueryOptions } from '../api/admin/console';
import { CatalogueScreen } from '../features/admin/catalogue/CatalogueScreen';
import { choiceDataReady } from '../lib/page-data';
import { optionalChoice, searchReader } from '../search-params';

const readCatalogueSearch = searchReader((search) => ({ tab: optionalChoice(search.tab, ['gifts', 'coinPacks', 'vipPlans']) }));

export const Route = createFileRoute('/admin/catalogue')({
  staticData: { pageTitle: 'Store catalogue' },
  validateSearch: readCatalogueSearch,
  loaderDeps: ({ search }) => ({ tab: search.tab ?? 'gifts' }),
  // The tab's list, as its panel reads it: opening the page waits for it (see choiceDataReady).
  loader: ({ context: { queryClient }, deps, cause }) => {
    if (deps.tab === 'coinPacks') return choiceDataReady(queryClient, cause, adminCoinPacksQueryOptions());
    if (deps.tab === 'vipPlans') return choiceDataReady(queryClient, cause, adminVipPlansQueryOptions());
    return choiceDataReady(queryClient, cause, adminGiftsQueryOptions());
  },
  component: CatalogueRoute,
});

function CatalogueRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CatalogueScreen tab={tab ?? 'gifts'} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}
