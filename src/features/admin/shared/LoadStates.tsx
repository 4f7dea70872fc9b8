import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Notice, px, Spinner } from '../../../ui';

/** A screen's or a list's data is on its way: one spinner in the middle of where it will be. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Centered>
      <Spinner label={label} />
    </Centered>
  );
}

/**
 * A part of a screen failed to load: the reason, and Try Again. Inline, unlike
 * ErrorState, because the rest of the screen around it still works.
 */
export function LoadFailedNotice({ onRetry, children }: { onRetry: () => void; children: ReactNode }) {
  return (
    <Notice
      tone="error"
      action={
        <Button type="button" size="sm" variant="secondary" onClick={onRetry}>
          Try Again
        </Button>
      }
    >
      {children}
    </Notice>
  );
}

const Centered = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => px(theme.space[8])};
`;
