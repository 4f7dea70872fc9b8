import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { MESSAGE_TEXT_MAX } from '../../../contract/messaging';
import { Button, VisuallyHidden, px } from '../../ui';

interface MessageComposerProps {
  draft: string;
  onDraftChange: (text: string) => void;
  onSend: () => void;
  /** The conversation ended: nothing more can be written. */
  disabled?: boolean;
  /** Beside the message box, before it (the chat's gift tray). */
  leading?: ReactNode;
}

/**
 * SPEC Messages: 'Type a message...' and 'Send'. Enter sends and Shift+Enter
 * starts a new line; blank drafts are ignored by the machine, not here.
 */
export function MessageComposer({ draft, onDraftChange, onSend, disabled = false, leading }: MessageComposerProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!disabled) onSend();
  };
  const sendOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Keep Enter for the input method while it is composing (e.g. Japanese).
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!disabled) onSend();
  };

  return (
    <Form onSubmit={submit} aria-label="Send a message">
      {leading}
      <Draft
        aria-label="Message"
        rows={1}
        placeholder="Type a message..."
        value={draft}
        maxLength={MESSAGE_TEXT_MAX}
        disabled={disabled}
        onChange={(event) => onDraftChange(event.target.value)}
        onKeyDown={sendOnEnter}
        aria-describedby="message-draft-hint"
      />
      <VisuallyHidden id="message-draft-hint">Enter sends; Shift and Enter start a new line.</VisuallyHidden>
      <Button type="submit" disabled={disabled}>
        Send
      </Button>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => px(theme.space[2])};
  padding: ${({ theme }) => px(theme.space[3])};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const Draft = styled.textarea`
  flex: 1;
  min-width: 0;
  min-height: ${({ theme }) => px(theme.sizes.touchTarget)};
  max-height: ${({ theme }) => px(theme.space[16] * 2)};
  padding: ${({ theme }) => `${px(theme.space[2])} ${px(theme.space[3])}`};
  border: 1px solid ${({ theme }) => theme.colors.controlBorder};
  border-radius: ${({ theme }) => px(theme.radii.input)};
  font: inherit;
  line-height: ${({ theme }) => theme.font.lineHeights.base};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  resize: none;
  field-sizing: content;

  &::placeholder {
    color: ${({ theme }) => theme.colors.muted};
  }
  &:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.colors.purple};
    box-shadow: 0 0 0 ${({ theme }) => px(theme.sizes.focusRing)} ${({ theme }) => theme.colors.purple};
  }
`;
