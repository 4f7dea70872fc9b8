import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { Notice } from '../../ui';

/**
 * The server's message after a block. Focus moves to it: the person the
 * member was looking at is gone from the screen, and this says why; a status
 * region filled as it is created is not reliably announced, a focused one is.
 */
export function BlockedNotice({ message }: { message: string | undefined }) {
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

/** The message of a block made on a profile, carried to Discover in the history entry (useLeaveAfterBlock). */
export function SafetyNotice() {
  return <BlockedNotice message={useRouterState({ select: (state) => state.location.state.safetyNotice })} />;
}
