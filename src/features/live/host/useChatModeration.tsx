import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import type { LiveChatMessage } from '../../../../contract/live';
import { blockPerson } from '../../../api/safety';
import { Button, Dialog, Notice, Text, px } from '../../../ui';
import { forgetBlockedPerson } from '../../safety/safety-cache';
import { blockedNotice } from '../../safety/safety-messages';
import { commandOrError, type LiveHub } from './stream-actors';

/**
 * The host's moderation of the live chat (docs/LIVE-STREAMS.md): remove one
 * message (`live:remove-chat`), mute its sender for 10 minutes (`live:mute`),
 * or block them through the safety API after a confirm (the server then ends
 * their watching). What happened shows as one notice over the chat.
 */

type Outcome = { tone: 'success' | 'error'; text: string };
type Person = { id: string; name: string };

export interface ChatModeration {
  /** The actions under one viewer's message. */
  renderActions: (message: LiveChatMessage) => ReactNode;
  /** The last action's outcome, and the block confirm while open. */
  feedback: ReactNode;
}

export function useChatModeration(streamId: string, hub: LiveHub): ChatModeration {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirming, setConfirming] = useState<Person | null>(null);
  const failed = (error: Error) => setOutcome({ tone: 'error', text: error.message });

  const remove = useMutation({
    mutationFn: (message: LiveChatMessage) => commandOrError(hub.command('live:remove-chat', { streamId, messageId: message.id })),
    // The message leaves everyone's chat with `live:chat-removed`; saying so again would be noise.
    onSuccess: () => setOutcome(null),
    onError: failed,
  });
  const mute = useMutation({
    mutationFn: (person: Person) => commandOrError(hub.command('live:mute', { streamId, userId: person.id })),
    onSuccess: (_, person) => setOutcome({ tone: 'success', text: `${person.name} can't chat for 10 minutes.` }),
    onError: failed,
  });
  const block = useMutation({
    mutationFn: (person: Person) => blockPerson(person.id),
    onSuccess: (_, person) => {
      forgetBlockedPerson(queryClient, person.id);
      setConfirming(null);
      setOutcome({ tone: 'success', text: blockedNotice(person.name) });
    },
  });

  const renderActions = (message: LiveChatMessage) => {
    const sender = { id: message.userId, name: message.user };
    return (
      <Actions aria-label={`Moderate ${message.user}'s message`}>
        <Action type="button" variant="ghost" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(message)}>
          Remove message
        </Action>
        <Action type="button" variant="ghost" size="sm" disabled={mute.isPending} onClick={() => mute.mutate(sender)}>
          Mute for 10 minutes
        </Action>
        <Action
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            block.reset();
            setConfirming(sender);
          }}
        >
          Block
        </Action>
      </Actions>
    );
  };

  const feedback = (
    <>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {confirming ? (
        <Dialog
          open
          onClose={() => !block.isPending && setConfirming(null)}
          title={`Block ${confirming.name}?`}
          footer={
            <>
              <Button variant="ghost" disabled={block.isPending} onClick={() => setConfirming(null)}>
                Cancel
              </Button>
              <Button variant="danger" loading={block.isPending} loadingLabel="Blocking..." onClick={() => block.mutate(confirming)}>
                Block
              </Button>
            </>
          }
        >
          <Text>{`${confirming.name} leaves your stream and can't watch you or see you anywhere on Orbit. You can unblock them in Settings.`}</Text>
          {block.isError ? <Notice tone="error">{block.error.message}</Notice> : null}
        </Dialog>
      ) : null}
    </>
  );

  return { renderActions, feedback };
}

const Actions = styled.div.attrs({ role: 'group' })`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => px(theme.space[1])};
  margin-top: ${({ theme }) => px(theme.space[1])};
`;

const Action = styled(Button)`
  min-height: 0;
  padding: ${({ theme }) => `${px(theme.space[1])} ${px(theme.space[2])}`};
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};
`;
