import { useRouterState } from '@tanstack/react-router';
import { FocusedNotice } from '../../ui';

/** The message of a block made on a profile, carried to Discover in the history entry (useLeaveAfterBlock). */
export function SafetyNotice() {
  return <FocusedNotice message={useRouterState({ select: (state) => state.location.state.safetyNotice })} />;
}
