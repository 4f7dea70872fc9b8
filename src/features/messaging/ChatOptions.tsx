import { useCallback, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, IconButton, px, useDisclosureDismissal } from '../../ui';
import { ReportOrBlock } from '../safety/ReportOrBlock';

interface ChatOptionsProps {
  person: { id: string; name: string };
  /** False once the match has ended: there is nothing left to unmatch. */
  canUnmatch: boolean;
  unmatching: boolean;
  onUnmatch: () => void;
  onBlocked: (message: string) => void;
}

/**
 * On a phone, a chat's header keeps room for the name: Unmatch and Report or
 * block sit behind the conversation's options button (issue 51), out of the
 * way of a thumb reaching for Back or the camera. A disclosure, like the
 * account menu: Escape, a tap elsewhere or focus leaving closes it. The
 * panel stays mounted while closed, so the report dialog it opens lives on.
 */
export function ChatOptions({ person, canUnmatch, unmatching, onUnmatch, onBlocked }: ChatOptionsProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => setOpen(false), []);
  const onBlur = useDisclosureDismissal(open, close, wrapRef, buttonRef);

  return (
    <Wrap ref={wrapRef} onBlur={onBlur}>
      <IconButton
        ref={buttonRef}
        type="button"
        variant="ghost"
        aria-label={`Options for the chat with ${person.name}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <MoreIcon />
      </IconButton>
      {/* A choice made here has done its work: the panel closes (the dialogs it opens are portals). */}
      <Panel id={panelId} hidden={!open} onClick={(event) => (event.target instanceof HTMLButtonElement ? setOpen(false) : undefined)}>
        {canUnmatch ? (
          <Button type="button" variant="ghost" size="sm" fullWidth disabled={unmatching} onClick={onUnmatch}>
            Unmatch
          </Button>
        ) : null}
        <ReportOrBlock person={person} attachConversation onBlocked={onBlocked} />
      </Panel>
    </Wrap>
  );
}

function MoreIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <circle cx="12" cy="5" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="12" cy="19" r="2" />
    </svg>
  );
}

const Wrap = styled.div`
  position: relative;
`;

const Panel = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + ${({ theme }) => px(theme.space[1])});
  z-index: 10;
  min-width: 12rem;
  white-space: nowrap;
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${({ theme }) => px(theme.space[1])};
  padding: ${({ theme }) => px(theme.space[2])};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.raised};

  &[hidden] {
    display: none;
  }
`;
