import { Fragment, useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { ChatMessage } from '../../../machines/messaging.machine';
import { Skeleton, VisuallyHidden, px } from '../../ui';
import { dayKey, dayLabel, timeLabel } from './message-time';

interface MessageThreadProps {
  messages: ChatMessage[];
  now: Date;
  contactName: string;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** SPEC Messages: bubbles (own on the right) under day separators; scrolls smoothly to the newest. */
export function MessageThread({ messages, now, contactName }: MessageThreadProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.id;

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || newestId === undefined) return;
    // Only the thread scrolls, never the page around it.
    scroller.scrollTo?.({ top: scroller.scrollHeight, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [newestId]);

  return (
    <Scroller ref={scrollerRef} role="log" aria-label={`Messages with ${contactName}`} tabIndex={0}>
      {messages.length === 0 && <NoMessages>No messages with {contactName} yet. Say hello 👋</NoMessages>}
      <Thread>
        {messages.map((message, index) => {
          const startsDay = index === 0 || dayKey(messages[index - 1]?.timestamp ?? '') !== dayKey(message.timestamp);
          return (
            <Fragment key={message.id}>
              {startsDay && (
                <Separator>
                  <span>{dayLabel(message.timestamp, now)}</span>
                </Separator>
              )}
              <Bubble $own={message.isOwn}>
                <VisuallyHidden>{message.isOwn ? 'You' : message.sender}: </VisuallyHidden>
                <Content>{message.content}</Content>
                <Time dateTime={message.timestamp} $own={message.isOwn}>
                  {timeLabel(message.timestamp)}
                </Time>
              </Bubble>
            </Fragment>
          );
        })}
      </Thread>
    </Scroller>
  );
}

const NoMessages = styled.p`
  margin: auto;
  max-width: 32ch;
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
`;

export function MessageThreadSkeleton() {
  return (
    <Scroller aria-hidden="true">
      <SkeletonBubble $own={false}>
        <Skeleton width="70%" height={40} shape="block" />
      </SkeletonBubble>
      <SkeletonBubble $own>
        <Skeleton width="55%" height={40} shape="block" />
      </SkeletonBubble>
      <SkeletonBubble $own={false}>
        <Skeleton width="60%" height={40} shape="block" />
      </SkeletonBubble>
    </Scroller>
  );
}

const Scroller = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  padding: ${({ theme }) => px(theme.space[4])};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[2])};
  background: ${({ theme }) => theme.colors.surfaceAlt};

  &:focus-visible {
    outline: ${({ theme }) => px(theme.sizes.focusRing)} solid ${({ theme }) => theme.colors.purple};
    outline-offset: -${({ theme }) => px(theme.sizes.focusRing)};
  }
`;

const Thread = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[2])};
`;

const Separator = styled.li`
  display: flex;
  justify-content: center;
  margin: ${({ theme }) => px(theme.space[2])} 0;

  & > span {
    padding: ${({ theme }) => `${px(theme.space[1])} ${px(theme.space[3])}`};
    border-radius: ${({ theme }) => px(theme.radii.pill)};
    background: ${({ theme }) => theme.colors.neutralTint};
    color: ${({ theme }) => theme.colors.neutralText};
    font-size: ${({ theme }) => px(theme.font.sizes.xs)};
    font-weight: ${({ theme }) => theme.font.weights.semibold};
  }
`;

const Bubble = styled.li<{ $own: boolean }>`
  align-self: ${({ $own }) => ($own ? 'flex-end' : 'flex-start')};
  max-width: min(80%, 36rem);
  padding: ${({ theme }) => `${px(theme.space[2])} ${px(theme.space[3])}`};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  border-bottom-right-radius: ${({ theme, $own }) => px($own ? theme.space[1] : theme.radii.card)};
  border-bottom-left-radius: ${({ theme, $own }) => px($own ? theme.radii.card : theme.space[1])};
  background: ${({ theme, $own }) => ($own ? theme.gradients.brand : theme.colors.surface)};
  color: ${({ theme, $own }) => ($own ? theme.colors.onBrand : theme.colors.text)};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const SkeletonBubble = styled.div<{ $own: boolean }>`
  display: flex;
  justify-content: ${({ $own }) => ($own ? 'flex-end' : 'flex-start')};
`;

const Content = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Time = styled.time<{ $own: boolean }>`
  display: block;
  margin-top: ${({ theme }) => px(theme.space[1])};
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  text-align: right;
  color: ${({ theme, $own }) => ($own ? theme.colors.onBrand : theme.colors.muted)};
`;
