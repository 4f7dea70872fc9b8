import { useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import styled, { keyframes } from 'styled-components';
import type { CallPeer } from '../../../contract/calls';
import { Avatar, Button, InlineIcon, px, theme as tokens } from '../../ui';
import { CameraIcon, HangUpIcon } from '../media/media-icons';

export interface IncomingCallPanelProps {
  peer: CallPeer;
  onAnswer: () => void;
  onDecline: () => void;
}

/**
 * Someone is calling: their photo and name, Answer and Decline, over
 * whatever page the member is on. It takes focus (Answer first) so a
 * keyboard or a screen reader meets it at once; Escape declines. It leaves
 * the page usable around it: a call is not a reason to trap the member.
 */
export function IncomingCallPanel({ peer, onAnswer, onDecline }: IncomingCallPanelProps) {
  const answerRef = useRef<HTMLButtonElement>(null);
  const textId = useId();

  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = answerRef.current?.closest('[role="alertdialog"]');
    answerRef.current?.focus();
    return () => {
      // Back where the member was, unless they already moved on (the panel closed itself or they clicked elsewhere).
      const focusWasInPanel = !document.activeElement || document.activeElement === document.body || panel?.contains(document.activeElement);
      if (opener?.isConnected && focusWasInPanel) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onDecline();
  };

  const name = `Incoming video call from ${peer.name}`;
  return createPortal(
    <Panel role="alertdialog" aria-label={name} aria-describedby={textId} onKeyDown={onKeyDown}>
      <Avatar src={peer.avatar} name={peer.name} size={tokens.space[16]} loading="eager" />
      <Text id={textId}>
        <Kind>Incoming video call</Kind>
        <Name>{peer.name}</Name>
      </Text>
      <Actions>
        <Button ref={answerRef} variant="primary" size="sm" onClick={onAnswer}>
          <InlineIcon>
            <CameraIcon />
          </InlineIcon>
          Answer
        </Button>
        <Button variant="danger" size="sm" onClick={onDecline}>
          <InlineIcon>
            <HangUpIcon />
          </InlineIcon>
          Decline
        </Button>
      </Actions>
    </Panel>,
    document.body,
  );
}

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(-${px(tokens.space[4])}); }
  to { opacity: 1; transform: none; }
`;

// Above the page and above an open dialog (which sits at 1000): a ringing call outranks both.
const Panel = styled.div`
  position: fixed;
  z-index: 1100;
  top: ${({ theme }) => px(theme.space[3])};
  left: ${({ theme }) => px(theme.space[3])};
  right: ${({ theme }) => px(theme.space[3])};
  display: grid;
  grid-template-columns: auto 1fr;
  align-items: center;
  gap: ${({ theme }) => `${px(theme.space[3])} ${px(theme.space[4])}`};
  padding: ${({ theme }) => px(theme.space[4])};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.onBrand};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  animation: ${slideIn} ${({ theme }) => theme.motion.base};

  ${({ theme }) => theme.media.tablet} {
    left: auto;
    right: ${({ theme }) => px(theme.space[6])};
    top: ${({ theme }) => px(theme.space[6])};
    width: ${({ theme }) => px(theme.sizes.dialogMax * 0.7)};
  }
  ${({ theme }) => theme.media.reducedMotion} {
    animation: none;
  }
`;

const Text = styled.p`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const Kind = styled.span`
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
`;

const Name = styled.span`
  font-size: ${({ theme }) => px(theme.font.sizes.lg)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  grid-column: 1 / -1;
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => px(theme.space[3])};
`;
