import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { formatElapsed } from '../../../machines/calls/video-call.machine';
import { Button, Card, Cluster, Notice, Stack, Text } from '../../ui';
import { useLeaveAfterBlock } from '../safety/useLeaveAfterBlock';

// Loaded on the first Report: most calls end without one.
const SafetyDialog = lazy(() => import('../safety/SafetyDialog').then((module) => ({ default: module.SafetyDialog })));

export interface CallEndedProps {
  peer: { id: string; name: string };
  /** The connected length; null when it never connected. */
  seconds: number | null;
  /** The server refused the invite or the answer: its message. */
  refusal: string | null;
  /** The member chose Report: no redirect until they leave. */
  reviewing: boolean;
  /** Where the screen goes next: the chat with the other member, or Discover when there is none. */
  backTo: 'chat' | 'discover';
  onReview: () => void;
  onLeave: () => void;
}

/**
 * The call is over: how long it was, "How was it?" with Report, and the way
 * back to the chat (or Discover). Why it ended is the stage's status line (said once: the
 * status is the live region that announced it).
 */
export function CallEnded({ peer, seconds, refusal, reviewing, backTo, onReview, onLeave }: CallEndedProps) {
  const [reporting, setReporting] = useState(false);
  const leaveAfterBlock = useLeaveAfterBlock();
  const panelRef = useRef<HTMLElement>(null);
  // End call (the button that had focus) is gone with the controls: a keyboard continues from here.
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) panelRef.current?.focus();
  }, []);
  return (
    <Panel ref={panelRef} forwardedAs="section" aria-label="Call ended" tabIndex={-1}>
      <Stack gap={3}>
        {refusal && <Notice tone="error">{refusal}</Notice>}
        {seconds !== null && <Text>Call length {formatElapsed(seconds)}</Text>}
        {seconds !== null && (
          <Cluster gap={3} align="center">
            <Text weight="semibold">How was it?</Text>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                onReview();
                setReporting(true);
              }}
            >
              Report
            </Button>
          </Cluster>
        )}
        {reviewing ? (
          <Cluster>
            <Button size="sm" onClick={onLeave}>
              {backTo === 'chat' ? 'Back to chat' : 'Back to Discover'}
            </Button>
          </Cluster>
        ) : (
          <Text tone="muted">{backTo === 'chat' ? 'Taking you back to your chat...' : 'Taking you back to Discover...'}</Text>
        )}
      </Stack>
      {reporting ? (
        <Suspense fallback={null}>
          <SafetyDialog person={peer} onClose={() => setReporting(false)} onBlocked={leaveAfterBlock} />
        </Suspense>
      ) : null}
    </Panel>
  );
}

const Panel = styled(Card)`
  &:focus {
    outline: none;
  }
`;
