import { useId, useState } from 'react';
import styled from 'styled-components';
import type { ReportedMessage } from '../../../../contract/safety';
import { Button, px } from '../../../ui';
import { formatDateTime } from '../shared/format';
import { DisclosureColumn, DisclosureToggle } from './ReportDetails';

interface ReportedConversationProps {
  messages: ReportedMessage[];
  /** The reported member's name, who wrote the lines marked as theirs. */
  reportedName: string;
}

/**
 * The chat a report was made from, as it stood then: behind a toggle, since
 * fifty messages would make the row several screens tall. Text only: React
 * renders each message as typed, so markup in one shows and never runs.
 */
export function ReportedConversation({ messages, reportedName }: ReportedConversationProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (messages.length === 0) return null;
  const count = `${messages.length} ${messages.length === 1 ? 'message' : 'messages'}`;
  return (
    <DisclosureColumn>
      <DisclosureToggle>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={`${open ? 'Hide' : 'Show'} the conversation with ${reportedName} (${count})`}
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? 'Hide conversation' : `Conversation (${count})`}
        </Button>
      </DisclosureToggle>
      {open ? (
        <Lines id={listId} aria-label={`Conversation with ${reportedName}`}>
          {messages.map((message, index) => (
            <Line key={`${message.sentAt}-${index}`} $fromReported={message.fromReported}>
              <Who>
                {message.fromReported ? reportedName : 'Reporter'} · <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time>
              </Who>
              <Said>{message.text}</Said>
            </Line>
          ))}
        </Lines>
      ) : null}
    </DisclosureColumn>
  );
}

const Lines = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[2])};
  max-height: ${({ theme }) => px(theme.space[16] * 5)};
  overflow-y: auto;
`;

const Line = styled.li<{ $fromReported: boolean }>`
  padding-left: ${({ theme }) => px(theme.space[2])};
  border-left: 3px solid ${({ theme, $fromReported }) => ($fromReported ? theme.colors.danger : theme.colors.border)};
`;

const Who = styled.span`
  display: block;
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  color: ${({ theme }) => theme.colors.muted};
`;

const Said = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
