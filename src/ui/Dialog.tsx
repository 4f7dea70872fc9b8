import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import styled, { keyframes } from 'styled-components';
import { tabbableIn } from './focusable';
import { IconButton } from './IconButton';
import { px, theme as tokens } from './theme';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, on the close button and on a click on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Actions, laid out at the end of the dialog. */
  footer?: ReactNode;
  /** Accessible name of the close button. */
  closeLabel?: string;
  /** Element to focus on open; otherwise the first focusable element in the body, then the close button. */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const rise = keyframes`
  from { opacity: 0; transform: translateY(${px(tokens.space[4])}); }
  to { opacity: 1; transform: none; }
`;

// A bottom sheet on a phone (within thumb reach), a centred panel from tablet up.
const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: flex;
  align-items: flex-end;
  justify-content: center;
  background: ${({ theme }) => theme.colors.overlay};
  animation: ${fadeIn} ${({ theme }) => theme.motion.base};

  ${({ theme }) => theme.media.tablet} {
    align-items: center;
    padding: ${({ theme }) => px(theme.space[6])};
  }
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: ${({ theme }) => px(theme.sizes.dialogMax)};
  max-height: calc(100dvh - ${({ theme }) => px(theme.space[8])});
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => `${px(theme.radii.card)} ${px(theme.radii.card)} 0 0`};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  animation: ${rise} ${({ theme }) => theme.motion.base};

  ${({ theme }) => theme.media.tablet} {
    border-radius: ${({ theme }) => px(theme.radii.card)};
  }

  &:focus {
    outline: none;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => px(theme.space[3])};
  padding: ${({ theme }) => `${px(theme.space[4])} ${px(theme.space[4])} 0 ${px(theme.space[6])}`};
`;

const Title = styled.h2`
  min-width: 0;
  font-size: ${({ theme }) => px(theme.font.sizes.lg)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

const Body = styled.div`
  padding: ${({ theme }) => `${px(theme.space[4])} ${px(theme.space[6])}`};
  overflow-y: auto;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => px(theme.space[3])};
  padding: ${({ theme }) => `0 ${px(theme.space[6])} ${px(theme.space[6])}`};
`;

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

/**
 * A modal dialog rendered in a portal. A custom trap rather than the native
 * `<dialog>`: jsdom has no showModal(), and the trap must be testable.
 */
export function Dialog(props: DialogProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<OpenDialog {...props} />, document.body);
}

function OpenDialog({ onClose, title, children, footer, closeLabel = 'Close', initialFocusRef }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);

  // A layout effect: focus moves in the same commit that shows the dialog, before it is painted, so a
  // keystroke or a screen reader never meets the dialog while focus is still on the page behind it
  // (a passive effect ran later, and when the dialog's code was lazy-loaded, noticeably later).
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const body = bodyRef.current;
    const target = initialFocusRef?.current ?? (body && tabbableIn(body)[0]) ?? (panel && tabbableIn(panel)[0]) ?? panel;
    target?.focus();

    // Focus that lands outside (a click on the page behind) is pulled back in;
    // focus in another dialog is one opened over this one (a confirmation), which keeps it.
    const keepFocusInside = (event: FocusEvent) => {
      const inAnotherDialog = event.target instanceof Element && event.target.closest('[role="dialog"]') !== null;
      if (panel && event.target instanceof Node && !panel.contains(event.target) && !inAnotherDialog) {
        (tabbableIn(panel)[0] ?? panel).focus();
      }
    };
    document.addEventListener('focusin', keepFocusInside);

    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
    // Focus is placed once per opening, not on every prop change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const tabbable = tabbableIn(panelRef.current);
    const first = tabbable[0];
    const last = tabbable[tabbable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <Backdrop
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Panel ref={panelRef} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <Header>
          <Title id={titleId}>{title}</Title>
          <IconButton aria-label={closeLabel} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Header>
        <Body ref={bodyRef}>{children}</Body>
        {footer && <Footer>{footer}</Footer>}
      </Panel>
    </Backdrop>
  );
}
