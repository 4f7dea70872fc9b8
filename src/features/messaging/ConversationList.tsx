import styled from 'styled-components';
import { isCallEntry, type ConversationSummary } from '../../../contract/messaging';
import { Avatar, Skeleton, VisuallyHidden, px } from '../../ui';
import { listTimeLabel } from './message-time';
import { UnreadCount } from './UnreadCount';
import { DemoBadge } from '../members/DemoBadge';

/** What a conversation with no messages yet says in the list. */
export const NEW_MATCH_PREVIEW = 'You matched! Say hello 👋';

interface ConversationListProps {
  conversations: readonly ConversationSummary[];
  selectedId: string | null;
  now: Date;
  onSelect: (conversationId: string) => void;
}

function preview(conversation: ConversationSummary): string {
  const last = conversation.lastMessage;
  if (!last) return NEW_MATCH_PREVIEW;
  // A call's entry speaks for both ("Missed video call"), not as one side's words.
  if (isCallEntry(last.kind)) return last.text;
  if (last.kind === 'gift') return last.senderId === conversation.userId ? `Sent you a gift: ${last.text}` : `You sent a gift: ${last.text}`;
  return last.senderId === conversation.userId ? last.text : `You: ${last.text}`;
}

/** SPEC Messages, left pane: avatar, name, online dot, last message, time, unread badge; kept live by the realtime connection. */
export function ConversationList({ conversations, selectedId, now, onSelect }: ConversationListProps) {
  return (
    <List aria-label="Conversations">
      {conversations.map((conversation) => {
        const selected = conversation.userId === selectedId;
        const timestamp = conversation.lastMessage?.sentAt ?? conversation.matchedAt;
        return (
          <li key={conversation.userId}>
            <Entry type="button" aria-current={selected ? 'true' : undefined} $selected={selected} onClick={() => onSelect(conversation.userId)}>
              <Avatar src={conversation.avatar} name={conversation.name} size={48} online={conversation.isOnline} />
              <Summary>
                <TopLine>
                  <NameLine>
                    <Name>{conversation.name}</Name>
                    <DemoBadge person={conversation} />
                  </NameLine>
                  <Time dateTime={timestamp} $onTint={selected}>
                    {listTimeLabel(timestamp, now)}
                  </Time>
                </TopLine>
                <BottomLine>
                  <Preview $unread={conversation.unread > 0} $onTint={selected}>
                    {preview(conversation)}
                  </Preview>
                  {conversation.unread > 0 && (
                    <UnreadBadge>
                      {conversation.unread}
                      <VisuallyHidden> unread</VisuallyHidden>
                    </UnreadBadge>
                  )}
                </BottomLine>
              </Summary>
            </Entry>
          </li>
        );
      })}
    </List>
  );
}

/** Rows of placeholders while the list loads. */
export function ConversationListSkeleton() {
  return (
    <List aria-hidden="true">
      {[0, 1, 2, 3].map((row) => (
        <li key={row}>
          <SkeletonRow>
            <Skeleton shape="circle" width={48} />
            <Summary>
              <Skeleton width="60%" />
              <Skeleton width="85%" />
            </Summary>
          </SkeletonRow>
        </li>
      ))}
    </List>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => px(theme.space[2])};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[1])};
  overflow-y: auto;
  min-height: 0;
`;

const Entry = styled.button<{ $selected: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[3])};
  width: 100%;
  padding: ${({ theme }) => px(theme.space[3])};
  border: 0;
  border-radius: ${({ theme }) => px(theme.radii.input)};
  background: ${({ theme, $selected }) => ($selected ? theme.colors.purpleTint : 'transparent')};
  color: inherit;
  text-align: left;
  cursor: pointer;
  transition: background ${({ theme }) => theme.motion.fast};

  &:hover {
    background: ${({ theme, $selected }) => ($selected ? theme.colors.purpleTint : theme.colors.surfaceAlt)};
  }
  &:focus-visible {
    outline: ${({ theme }) => px(theme.sizes.focusRing)} solid ${({ theme }) => theme.colors.purple};
    outline-offset: -${({ theme }) => px(theme.sizes.focusRing)};
  }
`;

const SkeletonRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[3])};
  padding: ${({ theme }) => px(theme.space[3])};
`;

const Summary = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[1])};
  flex: 1;
  min-width: 0;
`;

const TopLine = styled.span`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => px(theme.space[2])};
`;

const BottomLine = styled(TopLine)`
  align-items: center;
`;

const NameLine = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[1])};
  min-width: 0;
`;

const Name = styled.span`
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

// Muted grey is too faint on the selected row's tint (under 4.5:1), so that row uses the darker neutral.
const Time = styled.time<{ $onTint: boolean }>`
  flex: none;
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  color: ${({ theme, $onTint }) => ($onTint ? theme.colors.neutralText : theme.colors.muted)};
`;

const Preview = styled.span<{ $unread: boolean; $onTint: boolean }>`
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  color: ${({ theme, $unread, $onTint }) => ($unread ? theme.colors.text : $onTint ? theme.colors.neutralText : theme.colors.muted)};
  font-weight: ${({ theme, $unread }) => ($unread ? theme.font.weights.semibold : theme.font.weights.regular)};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const UnreadBadge = styled(UnreadCount)`
  flex: none;
  padding: 0 ${({ theme }) => px(theme.space[2])};
`;
