import type { ReactNode } from 'react';
import { TabPanel, Tabs } from '../../../ui';

export interface AdminTabItem<Id extends string> {
  id: Id;
  label: string;
}

interface AdminTabsProps<Id extends string> {
  idBase: string;
  /** Names the tablist, e.g. 'Admin areas'. */
  label: string;
  tabs: Array<AdminTabItem<Id>>;
  value: Id;
  onChange: (id: Id) => void;
  /** The selected tab's content. */
  children: ReactNode;
}

/**
 * A tab strip and the selected tab's panel. The route keeps the choice, so the
 * ids stay a union of known tabs rather than any string the tablist reports.
 */
export function AdminTabs<Id extends string>({ idBase, label, tabs, value, onChange, children }: AdminTabsProps<Id>) {
  return (
    <>
      <Tabs
        idBase={idBase}
        label={label}
        value={value}
        tabs={tabs}
        onChange={(next) => {
          const chosen = tabs.find((tab) => tab.id === next);
          if (chosen) onChange(chosen.id);
        }}
      />
      <TabPanel idBase={idBase} tabId={value}>
        {children}
      </TabPanel>
    </>
  );
}
