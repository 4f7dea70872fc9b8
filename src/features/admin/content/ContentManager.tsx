import styled from 'styled-components';
import { px, TabPanel, Tabs } from '../../../ui';
import { BlogManagement } from './BlogManagement';
import { HomeContentPanel } from './HomeContentForm';

export type ContentSection = 'home' | 'blog';

const SECTIONS: Array<{ id: ContentSection; label: string }> = [
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
    <>
      <Tabs
        idBase="content"
        label="Content Manager sections"
        value={section}
        tabs={SECTIONS}
        onChange={(next) => onSectionChange(next === 'blog' ? 'blog' : 'home')}
      />
      <Spaced idBase="content" tabId={section}>
        {section === 'home' ? <HomeContentPanel /> : <BlogManagement />}
      </Spaced>
    </>
  );
}

const Spaced = styled(TabPanel)`
  margin-top: ${({ theme }) => px(theme.space[4])};
`;
