import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { LIVE_CHAT_MAX, type LiveChatMessage } from '../../../../contract/live';
import { Button, Input, Notice, px } from '../../../ui';
import { timeLabel } from '../../messaging/message-time';

interface LiveChatProps {
  messages: LiveChatMessage[];
  draft: string;
  onDraftChange: (text: string) => void;
  onSend: () => void;
  /** Whose messages are this member's own (tinted). */
  ownUserId: string | null;
  /** What an empty chat says (the host greets viewers, a viewer the room). */
  emptyText: string;
  /** A message on its way: Send waits. */
  sending?: boolean;
  /** Why the last message was refused (the server's words). */
  error?: string | null;
  /** Set while this member may not chat (muted by the host): the composer is disabled and says why. */
  disabledNote?: string | null;
  /** The host's actions for one message (remove, mute, block), under it. */
  renderActions?: (message: LiveChatMessage) => ReactNode;
}

/** SPEC Live stream chat (user, message, time) from the server; blank messages are ignored by the machines. */
export function LiveChat({ messages, draft, onDraftChange, onSend, ownUserId, emptyText, sending = false, error, disabledNote, renderActions }: LiveChatProps) {
  const logRef = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.id;
  useEffect(() => {
    const log = logRef.current;
    if (log && newestId !== undefined) log.scrollTo?.({ top: log.scrollHeight });
  }, [newestId]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSend();
  };
  const disabled = Boolean(disabledNote);

  return (
    <Panel aria-labelledby="live-chat-title">
      <Title id="live-chat-title">Live chat</Title>
      {messages.length === 0 ? (
        <Empty>{emptyText}</Empty>
      ) : (
        <Log ref={logRef} role="log" aria-label="Chat messages" tabIndex={0}>
          <Lines>
            {messages.map((message) => {
              const own = message.userId === ownUserId;
              return (
                <Line key={message.id} $own={own}>
                  <Author>{message.user}</Author> <span>{message.message}</span>{' '}
                  <Time dateTime={message.timestamp} $own={own}>
                    {timeLabel(message.timestamp)}
                  </Time>
                  {!own && renderActions ? renderActions(message) : null}
                </Line>
              );
            })}
          </Lines>
        </Log>
      )}
      {disabledNote ? (
        <Footnote role="status">{disabledNote}</Footnote>
      ) : error ? (
        <ChatNotice>
          <Notice tone="error">{error}</Notice>
        </ChatNotice>
      ) : null}
      <Composer onSubmit={submit} aria-label="Send a chat message">
        <Input
          aria-label="Chat message"
          placeholder={disabled ? 'You cannot chat right now' : 'Say something...'}
          maxLength={LIVE_CHAT_MAX}
          value={draft}
          disabled={disabled}
          onChange={(event) => onDraftChange(event.target.value)}
        />
        <Button type="submit" disabled={disabled || sending}>
          Send
        </Button>
      </Composer>
    </Panel>
  );
}

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  min-height: 0;
  height: 100%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  overflow: hidden;
`;

const Title = styled.h2`
  padding: ${({ theme }) => px(theme.space[3])} ${({ theme }) => px(theme.space[4])};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => px(theme.font.sizes.md)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

const Empty = styled.p`
  flex: 1;
  padding: ${({ theme }) => px(theme.space[6])} ${({ theme }) => px(theme.space[4])};
  color: ${({ theme }) => theme.colors.muted};
  text-align: center;
`;

const Log = styled.div`
  flex: 1;
  min-height: ${({ theme }) => px(theme.space[16] * 3)};
  max-height: ${({ theme }) => px(theme.space[16] * 6)};
  overflow-y: auto;
  padding: ${({ theme }) => px(theme.space[3])} ${({ theme }) => px(theme.space[4])};

  &:focus-visible {
    outline: ${({ theme }) => px(theme.sizes.focusRing)} solid ${({ theme }) => theme.colors.purple};
    outline-offset: -${({ theme }) => px(theme.sizes.focusRing)};
  }
`;

const Lines = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[2])};
`;

const Line = styled.li<{ $own: boolean }>`
  overflow-wrap: anywhere;
  padding: ${({ theme }) => px(theme.space[1])} ${({ theme }) => px(theme.space[2])};
  border-radius: ${({ theme }) => px(theme.radii.input)};
  background: ${({ theme, $own }) => ($own ? theme.colors.purpleTint : 'transparent')};
`;

const Author = styled.strong`
  color: ${({ theme }) => theme.colors.purpleDark};
`;

// One's own lines sit on a tint where muted grey is too faint.
const Time = styled.time<{ $own: boolean }>`
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  color: ${({ theme, $own }) => ($own ? theme.colors.neutralText : theme.colors.muted)};
`;

const Footnote = styled.p`
  padding: ${({ theme }) => px(theme.space[2])} ${({ theme }) => px(theme.space[4])};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.neutralText};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
`;

const ChatNotice = styled.div`
  padding: ${({ theme }) => px(theme.space[2])} ${({ theme }) => px(theme.space[3])} 0;
`;

const Composer = styled.form`
  display: flex;
  gap: ${({ theme }) => px(theme.space[2])};
  padding: ${({ theme }) => px(theme.space[3])};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;
