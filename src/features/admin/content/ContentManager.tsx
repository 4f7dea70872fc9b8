import { Stack } from '../../../ui';
import { AdminTabs, type AdminTabItem } from '../shared/AdminTabs';
import { BlogManagement } from './BlogManagement';
import { HomeContentPanel } from './HomeContentForm';

export type ContentSection = 'home' | 'blog';

const SECTIONS: Array<AdminTabItem<ContentSection>> = [
  { id: 'home', label: 'Home Page Content' },
  { id: 'blog', label: 'Blog Management' },
];

interface ContentManagerProps {
  section: ContentSection;
  onSectionChange: (section: ContentSection) => void;
}

/** SPEC section 2 Content manager: the Home Page Content and Blog Management tabs. */
export function ContentManager({ section, onSectionChange }: ContentManagerProps) {
  return (
    <Stack gap={4}>
      <AdminTabs idBase="content" label="Content Manager sections" value={section} tabs={SECTIONS} onChange={onSectionChange}>
        {section === 'home' ? <HomeContentPanel /> : <BlogManagement />}
      </AdminTabs>
    </Stack>
  );
}
