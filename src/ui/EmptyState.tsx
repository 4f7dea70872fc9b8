import { StatePanel, type StatePanelProps } from './StatePanel';

export type EmptyStateProps = StatePanelProps;

/** What a data screen shows when there is nothing yet, with one way forward. */
export function EmptyState(props: EmptyStateProps) {
  return <StatePanel {...props} />;
}
