import styled from 'styled-components';
import type { ChatMessage, Conversation } from '../../../machines/messaging.machine';
import { Avatar, ButtonLink, EmptyState, ErrorState, IconButton, Spinner, VisuallyHidden, px, visuallyHiddenStyles } from '../../ui';
import { VideoIcon } from '../spin/icons';
import { ReportOrBlock } from '../safety/ReportOrBlock';
import { MessageComposer } from './MessageComposer';
import { MessageThread, MessageThreadSkeleton } from './MessageThread';

export type ChatPhase = 'nothingSelected' | 'loadingThread' | 'threadFailed' | 'chatting';

interface ChatPanelProps {
  phase: ChatPhase;
  conversation: Conversation | null;
  thread: ChatMessage[];
  draft: string;
  now: Date;
  onBack: () => void;
  onRetry: (conversationId: string) => void;
  onDraftChange: (text: string) => void;
  onSend: () => void;
  /** Members only (a visitor's sample people are not real): offers Report or block, and hears of a block with the server's message. */
  onBlocked?: (userId: string, message: string) => void;
}

/** SPEC Messages, right pane: the selected chat, or a prompt to pick one. */
export function ChatPanel({ phase, conversation, thread, draft, now, onBack, onRetry, onDraftChange, onSend, onBlocked }: ChatPanelProps) {
  if (phase === 'nothingSelected' || !conversation) {
    return (
      <Panel aria-label="Chat">
        <Centered>
          <EmptyState icon={<BubbleIcon />} title="No conversation selected" text="Select a conversation to start messaging" />
        </Centered>
      </Panel>
    );
  }

  return (
    <Panel aria-label={`Chat with ${conversation.name}`}>
      <Header>
        <BackButton aria-label="Back to conversations" onClick={onBack}>
          <BackIcon />
        </BackButton>
        <Avatar src={conversation.avatar} name={conversation.name} size={40} online={conversation.isOnline} statusShownBeside />
        <Who>
          <Name>{conversation.name}</Name>
          <Status $online={conversation.isOnline}>{conversation.isOnline ? 'Online' : 'Offline'}</Status>
        </Who>
        <CallSlot>
          <ButtonLink to="/video-call/{-$userId}" params={{ userId: conversation.id }} variant="secondary" size="sm">
            <VideoIcon />
            <CallLabel>Video Call</CallLabel>
          </ButtonLink>
        </CallSlot>
        {onBlocked ? (
          <ReportOrBlock
            key={conversation.id}
            compact
            person={{ id: conversation.id, name: conversation.name }}
            onBlocked={(message) => onBlocked(conversation.id, message)}
          />
        ) : null}
      </Header>
      {phase === 'loadingThread' && (
        <Busy aria-busy="true">
          <VisuallyHidden>
            <Spinner label="Loading messages" />
          </VisuallyHidden>
          <MessageThreadSkeleton />
        </Busy>
      )}
      {phase === 'threadFailed' && (
        <Centered>
          <ErrorState
            title="Couldn't load these messages"
            text="Check your connection and try again."
            action={{ label: 'Try Again', onClick: () => onRetry(conversation.id) }}
          />
        </Centered>
      )}
      {phase === 'chatting' && (
        <>
          <MessageThread messages={thread} now={now} contactName={conversation.name} />
          <MessageComposer draft={draft} onDraftChange={onDraftChange} onSend={onSend} />
        </>
      )}
    </Panel>
  );
}

function BubbleIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
    </svg>
  );
}

function BackIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M15 18l-6-6 6-6" />
    </svg>
  );
}

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  min-width: 0;
  min-height: 0;
  height: 100%;
  background: ${({ theme }) => theme.colors.surface};
`;

const Centered = styled.div`
  flex: 1;
  display: flex;
  align-items: center;
  justify-content: center;
`;

const Busy = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  min-height: 0;
`;

const Header = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[3])};
  padding: ${({ theme }) => px(theme.space[3])};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const BackButton = styled(IconButton)`
  ${({ theme }) => theme.media.tablet} {
    display: none;
  }
`;

// On a phone the header also holds Back and Report or block: the camera alone says Video Call
// (still its accessible name), so the contact's name keeps room to be read.
const CallSlot = styled.span`
  display: contents;

  & svg {
    width: ${({ theme }) => px(theme.sizes.icon)};
    height: ${({ theme }) => px(theme.sizes.icon)};
    flex: none;
  }

  ${({ theme }) => theme.media.belowTablet} {
    & > a {
      padding-inline: ${({ theme }) => px(theme.space[3])};
    }
  }
`;

const CallLabel = styled.span`
  ${({ theme }) => theme.media.belowTablet} {
    ${visuallyHiddenStyles}
  }
`;

const Who = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

const Name = styled.h2`
  font-size: ${({ theme }) => px(theme.font.sizes.md)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Status = styled.p<{ $online: boolean }>`
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  color: ${({ theme, $online }) => ($online ? theme.colors.greenText : theme.colors.muted)};
`;
