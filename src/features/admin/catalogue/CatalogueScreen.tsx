import { AdminPageHeader } from '../shared/AdminPageHeader';
import { AdminScreen } from '../shared/AdminScreen';
import { AdminTabs, type AdminTabItem } from '../shared/AdminTabs';
import { coinPackKind, giftKind, vipPlanKind } from './catalogue-kinds';
import { CataloguePanel } from './CataloguePanel';

export type CatalogueTab = 'gifts' | 'coinPacks' | 'vipPlans';

const TABS: Array<AdminTabItem<CatalogueTab>> = [
  { id: 'gifts', label: 'Gifts' },
  { id: 'coinPacks', label: 'Coin Packs' },
  { id: 'vipPlans', label: 'VIP Plans' },
];

interface CatalogueScreenProps {
  tab: CatalogueTab;
  onTabChange: (tab: CatalogueTab) => void;
}

/** Gifts, coin packs and VIP plans: the catalogue the Store, Coins and VIP screens read. */
export function CatalogueScreen({ tab, onTabChange }: CatalogueScreenProps) {
  return (
    <AdminScreen>
      <AdminPageHeader title="Store Catalogue" description="What members can buy and send. Hidden items stay here but are not offered." backToDashboard />
      <AdminTabs idBase="catalogue" label="Catalogue" value={tab} tabs={TABS} onChange={onTabChange}>
        {tab === 'gifts' ? (
          <CataloguePanel key="gifts" kind={giftKind} />
        ) : tab === 'coinPacks' ? (
          <CataloguePanel key="coinPacks" kind={coinPackKind} />
        ) : (
          <CataloguePanel key="vipPlans" kind={vipPlanKind} />
        )}
      </AdminTabs>
    </AdminScreen>
  );
}
