import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { Notice } from '../../ui';

/**
 * The server's message after a block, carried to Discover in the history
 * entry (useLeaveAfterBlock). Focus moves to it: the member was taken off the
 * profile they were on, and this says why; a status region filled as it is
 * created is not reliably announced, a focused one is.
 */
export function SafetyNotice() {
  const message = useRouterState({ select: (state) => state.location.state.safetyNotice });
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) region.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <div ref={region} tabIndex={-1}>
      <Notice tone="success">{message}</Notice>
    </div>
  );
}
