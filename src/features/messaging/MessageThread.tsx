import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import styled from 'styled-components';
import { isCallEntry, type MessageKind } from '../../../contract/messaging';
import { Skeleton, VisuallyHidden, px } from '../../ui';
import { CameraIcon } from '../media/media-icons';
import { dayKey, dayLabel, timeLabel } from './message-time';

/** How far the other member got with one of the member's own messages (SPEC: read only when both allow read receipts). */
export type OwnMessageState = 'sending' | 'failed' | 'sent' | 'delivered' | 'read';

/** One bubble: a stored message, or one of the member's still in the outbox; or a call's entry. */
export interface ThreadItem {
  /** The message id (made by the sending browser; a call's entry has the call's id). */
  id: string;
  /** `call`: the line a video call left ("Missed video call"), centred, nobody's bubble; `gift`: a symbolic gift, in its sender's bubble. */
  kind?: MessageKind;
  own: boolean;
  text: string;
  /** ISO date-time. */
  sentAt: string;
  /** The member's own messages only. */
  state?: OwnMessageState;
}

const STATE_LABEL: Record<Exclude<OwnMessageState, 'failed'>, string> = {
  sending: 'Sending…',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
};

interface MessageThreadProps {
  items: readonly ThreadItem[];
  now: Date;
  contactName: string;
  /** Older messages exist on the server: scrolling to the top loads them. */
  hasOlder?: boolean;
  loadingOlder?: boolean;
  onLoadOlder?: () => void;
  onRetry?: (id: string) => void;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** How close to the top (px) the member must scroll for the next older page to load. */
const LOAD_OLDER_AT_PX = 48;
/** How close to the bottom (px) counts as reading the newest messages, which new arrivals then scroll along with. */
const NEWEST_WITHIN_PX = 120;

/** SPEC Messages: bubbles (own on the right) under day separators; scrolls smoothly to the newest. */
export function MessageThread({ items, now, contactName, hasOlder = false, loadingOlder = false, onLoadOlder, onRetry }: MessageThreadProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const newestId = items.at(-1)?.id;
  const oldestId = items[0]?.id;
  // Distance from the bottom before older messages were added above, so the member's place stays put.
  const fromBottom = useRef<number | null>(null);

  // Whether the member is reading the newest messages (not scrolled up into the history).
  const atNewest = useRef(true);
  const openedAt = useRef(false);
  const newestIsOwn = items.at(-1)?.own ?? false;

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || newestId === undefined) return;
    // The thread opens at its newest message at once (a smooth glide from the top would pass the
    // top edge and load the page before); what arrives later glides into view, unless the member is
    // reading further up and it is not their own. Only the thread scrolls, never the page around it.
    const opening = !openedAt.current;
    openedAt.current = true;
    if (!opening && !atNewest.current && !newestIsOwn) return;
    scroller.scrollTo?.({ top: scroller.scrollHeight, behavior: opening || prefersReducedMotion() ? 'auto' : 'smooth' });
    atNewest.current = true;
  }, [newestId, newestIsOwn]);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || fromBottom.current === null) return;
    scroller.scrollTop = scroller.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [oldestId]);

  const onScroll = () => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    atNewest.current = scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop <= NEWEST_WITHIN_PX;
    if (!hasOlder || loadingOlder || !onLoadOlder || scroller.scrollTop > LOAD_OLDER_AT_PX) return;
    fromBottom.current = scroller.scrollHeight - scroller.scrollTop;
    onLoadOlder();
  };

  return (
    <Scroller ref={scrollerRef} role="log" aria-label={`Messages with ${contactName}`} tabIndex={0} onScroll={onScroll}>
      {hasOlder && onLoadOlder ? (
        <Older>
          <OlderButton
            type="button"
            disabled={loadingOlder}
            onClick={() => {
              const scroller = scrollerRef.current;
              if (scroller) fromBottom.current = scroller.scrollHeight - scroller.scrollTop;
              onLoadOlder();
            }}
          >
            {loadingOlder ? 'Loading earlier messages…' : 'Load earlier messages'}
          </OlderButton>
        </Older>
      ) : null}
      {items.length === 0 && <NoMessages>No messages with {contactName} yet. Say hello 👋</NoMessages>}
      <Thread>
        {items.map((item, index) => {
          const startsDay = index === 0 || dayKey(items[index - 1]?.sentAt ?? '') !== dayKey(item.sentAt);
          return (
            <Fragment key={item.id}>
              {startsDay && (
                <Separator>
                  <span>{dayLabel(item.sentAt, now)}</span>
                </Separator>
              )}
              {isCallEntry(item.kind) ? (
                <CallEntry item={item} />
              ) : (
                <Bubble $own={item.own}>
                  <VisuallyHidden>{item.own ? 'You' : contactName}: </VisuallyHidden>
                  {item.kind === 'gift' ? (
                    <GiftContent data-kind="gift">
                      <GiftLabel>{item.own ? 'You sent a gift' : 'Sent you a gift'}</GiftLabel>
                      <GiftName>{item.text}</GiftName>
                    </GiftContent>
                  ) : (
                    /* Text only: whatever anyone typed is shown as typed, never as markup. */
                    <Content>{item.text}</Content>
                  )}
                  <Footer $own={item.own}>
                    <time dateTime={item.sentAt}>{timeLabel(item.sentAt)}</time>
                    {item.state === 'failed' ? (
                      <RetryButton type="button" onClick={() => onRetry?.(item.id)}>
                        Not sent · Retry
                      </RetryButton>
                    ) : item.state ? (
                      <span data-message-state={item.state}> · {STATE_LABEL[item.state]}</span>
                    ) : null}
                  </Footer>
                </Bubble>
              )}
            </Fragment>
          );
        })}
      </Thread>
    </Scroller>
  );
}

/** A call's entry in the thread: a centred line with a camera icon, its text and its time. */
function CallEntry({ item }: { item: ThreadItem }) {
  return (
    <CallLine data-kind="call">
      <span>
        <CameraIcon />
        {item.text}
        <VisuallyHidden>, </VisuallyHidden>
        <time dateTime={item.sentAt}>{timeLabel(item.sentAt)}</time>
      </span>
    </CallLine>
  );
}

const GiftContent = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[1])};
`;

const GiftLabel = styled.span`
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  letter-spacing: 0.02em;
`;

const GiftName = styled.span`
  font-size: ${({ theme }) => px(theme.font.sizes.xl)};
  line-height: ${({ theme }) => theme.font.lineHeights.tight};
`;

const CallLine = styled.li`
  display: flex;
  justify-content: center;

  & > span {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => px(theme.space[2])};
    padding: ${({ theme }) => `${px(theme.space[1])} ${px(theme.space[3])}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => px(theme.radii.pill)};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.neutralText};
    font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  }
  & svg {
    flex: none;
    width: ${({ theme }) => px(theme.sizes.icon)};
    height: ${({ theme }) => px(theme.sizes.icon)};
    color: ${({ theme }) => theme.colors.purple};
  }
  & time {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  }
`;

const Older = styled.div`
  display: flex;
  justify-content: center;
`;

const OlderButton = styled.button`
  border: 0;
  background: none;
  padding: ${({ theme }) => px(theme.space[2])};
  color: ${({ theme }) => theme.colors.purple};
  font: inherit;
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  cursor: pointer;
  &:disabled {
    color: ${({ theme }) => theme.colors.muted};
    cursor: default;
  }
`;

const RetryButton = styled.button`
  margin-left: ${({ theme }) => px(theme.space[1])};
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  text-decoration: underline;
  cursor: pointer;
`;

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

const Footer = styled.span<{ $own: boolean }>`
  display: block;
  margin-top: ${({ theme }) => px(theme.space[1])};
  font-size: ${({ theme }) => px(theme.font.sizes.xs)};
  text-align: right;
  color: ${({ theme, $own }) => ($own ? theme.colors.onBrand : theme.colors.muted)};
`;
