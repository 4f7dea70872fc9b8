import { ContentManager, type ContentSection } from './content/ContentManager';
import { DashboardPanel } from './dashboard/DashboardPanel';
import { AdminMfaOffer } from './shared/AdminMfaOffer';
import { AdminPageHeader } from './shared/AdminPageHeader';
import { AdminScreen } from './shared/AdminScreen';
import { AdminTabs, type AdminTabItem } from './shared/AdminTabs';

export type AdminTab = 'dashboard' | 'content';

const TABS: Array<AdminTabItem<AdminTab>> = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'content', label: 'Content Manager' },
];

interface AdminHomeScreenProps {
  tab: AdminTab;
  section: ContentSection;
  onTabChange: (tab: AdminTab) => void;
  onSectionChange: (section: ContentSection) => void;
}

/** /admin (SPEC section 2): the Dashboard and Content Manager tabs, plus Logout. */
export function AdminHomeScreen({ tab, section, onTabChange, onSectionChange }: AdminHomeScreenProps) {
  return (
    <AdminScreen>
      <AdminPageHeader title="Admin Dashboard" description="Run Orbit: people, money and what the public site says." />
      <AdminMfaOffer />
      <AdminTabs idBase="admin" label="Admin areas" value={tab} tabs={TABS} onChange={onTabChange}>
        {tab === 'dashboard' ? <DashboardPanel /> : <ContentManager section={section} onSectionChange={onSectionChange} />}
      </AdminTabs>
    </AdminScreen>
  );
}
