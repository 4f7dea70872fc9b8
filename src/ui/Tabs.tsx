import { useRef, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { px } from './theme';

export interface TabItem {
  id: string;
  label: ReactNode;
}

/** The ids that tie a tab to its panel; both sides derive them from `idBase`. */
export function tabIds(idBase: string, tabId: string) {
  return { tab: `${idBase}-tab-${tabId}`, panel: `${idBase}-panel-${tabId}` };
}

export interface TabsProps {
  /** Names the tablist for screen readers, e.g. 'Sign in as'. */
  label: string;
  idBase: string;
  tabs: TabItem[];
  value: string;
  onChange: (id: string) => void;
  className?: string;
}

const TabList = styled.div`
  display: flex;
  gap: ${({ theme }) => px(theme.space[1])};
  max-width: 100%;
  padding: ${({ theme }) => px(theme.space[1])};
  overflow-x: auto;
  background: ${({ theme }) => theme.colors.neutralTint};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
`;

const Tab = styled.button`
  flex: 1 0 auto;
  min-height: ${({ theme }) => px(theme.sizes.touchTarget)};
  padding: 0 ${({ theme }) => px(theme.space[4])};
  border: 0;
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: transparent;
  color: ${({ theme }) => theme.colors.neutralText};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  cursor: pointer;
  white-space: nowrap;
  transition:
    background ${({ theme }) => theme.motion.fast},
    color ${({ theme }) => theme.motion.fast};

  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }

  &[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.purpleDark};
    box-shadow: ${({ theme }) => theme.shadows.card};
  }
`;

/**
 * ARIA tabs with automatic activation: arrows, Home and End move focus and
 * select the tab, and only the selected tab is in the Tab order.
 */
export function Tabs({ label, idBase, tabs, value, onChange, className }: TabsProps) {
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const select = (index: number) => {
    const target = tabs[(index + tabs.length) % tabs.length];
    if (!target) return;
    tabRefs.current.get(target.id)?.focus();
    if (target.id !== value) onChange(target.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <TabList role="tablist" aria-label={label} className={className}>
      {tabs.map((tab, index) => {
        const selected = tab.id === value;
        const ids = tabIds(idBase, tab.id);
        return (
          <Tab
            key={tab.id}
            ref={(node) => {
              if (node) tabRefs.current.set(tab.id, node);
              else tabRefs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={ids.tab}
            aria-selected={selected}
            aria-controls={ids.panel}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </Tab>
        );
      })}
    </TabList>
  );
}

export interface TabPanelProps extends HTMLAttributes<HTMLDivElement> {
  idBase: string;
  /** The id of the tab (from `tabs`) that this panel belongs to. */
  tabId: string;
  children: ReactNode;
}

/** Render only the selected panel, or pass `hidden` to the others. */
export function TabPanel({ idBase, tabId, children, ...rest }: TabPanelProps) {
  const ids = tabIds(idBase, tabId);
  return (
    <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} tabIndex={0} {...rest}>
      {children}
    </div>
  );
}
