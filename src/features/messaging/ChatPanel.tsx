import { useState } from 'react';
import styled from 'styled-components';
import { CONVERSATION_ENDED_MESSAGE, type ConversationSummary } from '../../../contract/messaging';
import type { ChatNotice, ChatPhase } from '../../../machines/messaging/messaging.machine';
import { Avatar, Button, ButtonLink, ConfirmDialog, EmptyState, ErrorState, IconButton, Notice, px, Spinner, VideoIcon, VisuallyHidden, visuallyHiddenStyles } from '../../ui';
import { GiftTray } from '../gifts/GiftTray';
import { ReportOrBlock } from '../safety/ReportOrBlock';
import { ChatOptions } from './ChatOptions';
import { MessageComposer } from './MessageComposer';
import { MessageThread, MessageThreadSkeleton, type ThreadItem } from './MessageThread';
import { DemoBadge } from '../members/DemoBadge';

export type { ChatPhase };

interface ChatPanelProps {
  phase: ChatPhase;
  conversation: ConversationSummary | null;
  items: readonly ThreadItem[];
  draft: string;
  now: Date;
  typing: boolean;
  notice: ChatNotice | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetrySend: (id: string) => void;
  onBack: () => void;
  onRetry: (conversationId: string) => void;
  onDraftChange: (text: string) => void;
  onSend: () => void;
  onUnmatch: () => void;
  onDismissNotice: () => void;
  /** Hears of a block from the chat's Report or block, with the server's message. */
  onBlocked: (userId: string, message: string) => void;
}

/** SPEC Messages, right pane: the selected chat, or a prompt to pick one. */
export function ChatPanel(props: ChatPanelProps) {
  const { phase, conversation, items, draft, now, typing, notice, onBack, onRetry, onDraftChange, onSend, onBlocked } = props;
  const [confirmingUnmatch, setConfirmingUnmatch] = useState(false);
  if (phase === 'nothingSelected' || !conversation) {
    return (
      <Panel aria-label="Chat">
        <Centered>
          <EmptyState icon={<BubbleIcon />} title="No conversation selected" text="Select a conversation to start messaging" />
        </Centered>
      </Panel>
    );
  }

  const ended = phase === 'ended';
  const shownNotice = notice?.peerId === conversation.userId ? notice : null;
  const firstName = conversation.name.split(' ')[0] ?? conversation.name;

  return (
    <Panel aria-label={`Chat with ${conversation.name}`}>
      <Header>
        <BackButton aria-label="Back to conversations" onClick={onBack}>
          <BackIcon />
        </BackButton>
        <Avatar src={conversation.avatar} name={conversation.name} size={40} online={conversation.isOnline} statusShownBeside />
        <Who>
          <NameLine>
            <Name>{conversation.name}</Name>
            <DemoBadge person={conversation} />
          </NameLine>
          <Status $online={conversation.isOnline}>{conversation.isOnline ? 'Online' : 'Offline'}</Status>
        </Who>
        <CallSlot>
          <ButtonLink to="/video-call/{-$userId}" params={{ userId: conversation.userId }} variant="secondary" size="sm">
            <VideoIcon />
            <CallLabel>Video Call</CallLabel>
          </ButtonLink>
        </CallSlot>
        {/* From tablet width up there is room for the actions themselves; a phone keeps them behind the chat's options. */}
        <WideActions>
          {ended ? null : (
            <Button type="button" variant="ghost" size="sm" disabled={phase === 'unmatching'} onClick={() => setConfirmingUnmatch(true)}>
              Unmatch
            </Button>
          )}
          <ReportOrBlock
            key={conversation.userId}
            compact
            attachConversation
            person={{ id: conversation.userId, name: conversation.name }}
            onBlocked={(message) => onBlocked(conversation.userId, message)}
          />
        </WideActions>
        <PhoneActions>
          <ChatOptions
            key={conversation.userId}
            person={{ id: conversation.userId, name: conversation.name }}
            canUnmatch={!ended}
            unmatching={phase === 'unmatching'}
            onUnmatch={() => setConfirmingUnmatch(true)}
            onBlocked={(message) => onBlocked(conversation.userId, message)}
          />
        </PhoneActions>
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
            action={{ label: 'Try Again', onClick: () => onRetry(conversation.userId) }}
          />
        </Centered>
      )}
      {(phase === 'chatting' || phase === 'unmatching' || ended) && (
        <>
          <MessageThread
            items={items}
            now={now}
            contactName={conversation.name}
            hasOlder={props.hasOlder}
            loadingOlder={props.loadingOlder}
            onLoadOlder={props.onLoadOlder}
            onRetry={props.onRetrySend}
          />
          <TypingLine role="status">{typing && !ended ? `${firstName} is typing…` : ''}</TypingLine>
          {ended ? (
            <Banner tone="info">{shownNotice?.tone === 'info' ? shownNotice.text : CONVERSATION_ENDED_MESSAGE}</Banner>
          ) : shownNotice ? (
            <Banner
              tone={shownNotice.tone}
              action={
                <Button type="button" variant="ghost" size="sm" onClick={props.onDismissNotice}>
                  Dismiss
                </Button>
              }
            >
              {shownNotice.text}
            </Banner>
          ) : null}
          <MessageComposer
            draft={draft}
            onDraftChange={onDraftChange}
            onSend={onSend}
            disabled={ended || phase === 'unmatching'}
            // A symbolic gift to the match (it costs coins and earns nobody anything); a tray per conversation.
            leading={ended ? null : <GiftTray key={conversation.userId} to={{ peerId: conversation.userId }} compact />}
          />
        </>
      )}
      <ConfirmDialog
        open={confirmingUnmatch}
        title={`Unmatch ${conversation.name}?`}
        question="The conversation ends for both of you: neither of you can send another message. This cannot be undone."
        confirmLabel="Unmatch"
        onCancel={() => setConfirmingUnmatch(false)}
        onConfirm={() => {
          setConfirmingUnmatch(false);
          props.onUnmatch();
        }}
      />
    </Panel>
  );
}

const TypingLine = styled.p`
  min-height: ${({ theme }) => px(theme.space[6])};
  margin: 0;
  padding: 0 ${({ theme }) => px(theme.space[4])};
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  font-style: italic;
  color: ${({ theme }) => theme.colors.muted};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const Banner = styled(Notice)`
  margin: ${({ theme }) => px(theme.space[2])} ${({ theme }) => px(theme.space[3])} 0;
`;

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

// Where the actions (Video Call, Unmatch, Report or block) leave the name less than a few words, they wrap to a row of their own.
const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[3])};
  padding: ${({ theme }) => px(theme.space[3])};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const WideActions = styled.span`
  display: contents;

  ${({ theme }) => theme.media.belowTablet} {
    display: none;
  }
`;

const PhoneActions = styled.span`
  display: contents;

  ${({ theme }) => theme.media.tablet} {
    display: none;
  }
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
  flex: 1 1 ${({ theme }) => px(theme.space[16] * 2)};
  min-width: 0;
  display: flex;
  flex-direction: column;

  /* On a phone the actions are only the camera and the options: one row, the name shortened if need be. */
  ${({ theme }) => theme.media.belowTablet} {
    flex-basis: 0;
  }
`;

const NameLine = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[1])};
  min-width: 0;
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
