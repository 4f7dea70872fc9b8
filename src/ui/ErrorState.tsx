import { StatePanel, type StatePanelProps } from './StatePanel';

export type ErrorStateProps = StatePanelProps;

/**
 * A failed load, e.g. 'Error Loading Profile' with a 'Try Again' action.
 * The title and text form an alert so the failure is announced.
 */
export function ErrorState(props: ErrorStateProps) {
  return <StatePanel {...props} messageRole="alert" />;
}
