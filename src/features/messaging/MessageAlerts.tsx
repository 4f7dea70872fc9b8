import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import styled from 'styled-components';
import { isNews, type ConversationsResponse } from '../../../contract/messaging';
import { conversationsQueryOptions, messagingKeys, totalUnread } from '../../api/messaging';
import { realtimeHub, type RealtimeHub } from '../../realtime/hub';
import { IconButton, VisuallyHidden, px } from '../../ui';
import { desktopNotificationsOn } from './desktop-notifications';
import { UnreadCount } from './UnreadCount';

/** The header's Messages link, which shows the unread count (added here, so the first page's header carries no code for it). */
const MESSAGES_LINK = 'header nav a[href="/messages"]';
/** On a phone the links are behind the header's Menu button, which shows the count too (it is hidden from tablet width up). */
const MENU_TOGGLE = 'header button[aria-controls]';
/** How long a message's toast stays. */
export const TOAST_VISIBLE_MS = 6000;
const TITLE_PREFIX = /^\(\d+\) /;

const findMessagesLink = () => document.querySelector<HTMLElement>(MESSAGES_LINK);
const findMenuToggle = () => document.querySelector<HTMLElement>(MENU_TOGGLE);

/** Watches the header (where the count goes) for its elements coming and going. */
function watchHeader(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.querySelector('header') ?? document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

export interface MessageToast {
  peerId: string;
  name: string;
  firstLine: string;
}

/** The tab's title with "(n) " in front while n messages are unread, kept there whatever page title is set after. */
function useUnreadTitle(total: number) {
  useEffect(() => {
    const apply = () => {
      const base = document.title.replace(TITLE_PREFIX, '');
      const wanted = total > 0 ? `(${total}) ${base}` : base;
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    const title = document.querySelector('title');
    if (!title || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(apply);
    observer.observe(title, { childList: true, characterData: true, subtree: true });
    return () => {
      observer.disconnect();
      document.title = document.title.replace(TITLE_PREFIX, '');
    };
  }, [total]);
}

/**
 * What a member hears of new messages anywhere in Orbit: the unread count on
 * the header's Messages link and in the tab's title, a toast for a message
 * from someone whose chat is not open, and a desktop notification instead
 * while the tab is hidden (when allowed in Settings).
 */
export function MessageAlerts({ hub = realtimeHub }: { hub?: RealtimeHub }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: total = 0 } = useQuery({ ...conversationsQueryOptions(), select: (data: ConversationsResponse) => totalUnread(data.conversations) });
  useUnreadTitle(total);
  const [toast, setToast] = useState<MessageToast | null>(null);
  // The count goes at the end of the header's link, after its label (whichever link element is on the page now).
  const slot = useSyncExternalStore(watchHeader, findMessagesLink, () => null);
  const menuSlot = useSyncExternalStore(watchHeader, findMenuToggle, () => null);

  const openChat = useCallback((peerId: string) => void navigate({ to: '/messages', search: { with: peerId } }), [navigate]);

  useEffect(
    () =>
      hub.subscribe((signal) => {
        if (signal.type !== 'message' || signal.message.senderId !== signal.peerId || !isNews(signal.message.kind)) return;
        const summary = queryClient
          .getQueryData<ConversationsResponse>(messagingKeys.conversations())
          ?.conversations.find((conversation) => conversation.userId === signal.peerId);
        const next: MessageToast = {
          peerId: signal.peerId,
          name: summary?.name ?? 'New message',
          firstLine: signal.message.kind === 'gift' ? `Sent you a gift: ${signal.message.text}` : (signal.message.text.split('\n')[0] ?? ''),
        };
        if (document.visibilityState === 'hidden') {
          if (desktopNotificationsOn()) {
            const notification = new Notification(next.name, { body: next.firstLine, tag: `orbit-message-${next.peerId}` });
            notification.onclick = () => {
              window.focus();
              openChat(next.peerId);
              notification.close();
            };
          }
          return;
        }
        if (hub.openChat() === next.peerId) return;
        setToast(next);
      }),
    [hub, queryClient, openChat],
  );

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <>
      {/* The link then reads "Messages 3 unread", the phone's Menu button "Menu 3 unread". */}
      {slot && total > 0 ? createPortal(<UnreadSuffix total={total} />, slot) : null}
      {menuSlot && total > 0 ? createPortal(<UnreadSuffix total={total} />, menuSlot) : null}
      <ToastRegion role="status" aria-live="polite" aria-label="New messages">
        {toast ? (
          <Toast>
            <ToastLink
              type="button"
              onClick={() => {
                setToast(null);
                openChat(toast.peerId);
              }}
            >
              <strong>{toast.name}</strong>
              <span>{toast.firstLine}</span>
            </ToastLink>
            <IconButton aria-label="Dismiss" variant="ghost" size="sm" onClick={() => setToast(null)}>
              ×
            </IconButton>
          </Toast>
        ) : null}
      </ToastRegion>
    </>
  );
}

function UnreadSuffix({ total }: { total: number }) {
  return (
    <>
      {' '}
      <Count>
        {total}
        <VisuallyHidden> unread</VisuallyHidden>
      </Count>
    </>
  );
}

const Count = styled(UnreadCount)`
  display: inline-block;
  margin-left: ${({ theme }) => px(theme.space[1])};
  padding: 0 ${({ theme }) => px(theme.space[1])};
`;

const ToastRegion = styled.div`
  position: fixed;
  right: ${({ theme }) => px(theme.space[4])};
  bottom: calc(${({ theme }) => px(theme.space[4])} + var(--member-tab-bar, 0px));
  left: ${({ theme }) => px(theme.space[4])};
  z-index: 900;
  display: flex;
  justify-content: flex-end;
  pointer-events: none;
`;

const Toast = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[2])};
  max-width: min(100%, 24rem);
  padding: ${({ theme }) => px(theme.space[2])};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  pointer-events: auto;
`;

const ToastLink = styled.button`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[1])};
  min-width: 0;
  padding: ${({ theme }) => px(theme.space[2])};
  border: 0;
  border-radius: ${({ theme }) => px(theme.radii.input)};
  background: none;
  color: inherit;
  font: inherit;
  text-align: left;
  cursor: pointer;

  & > span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => px(theme.font.sizes.sm)};
  }
  &:focus-visible {
    outline: ${({ theme }) => px(theme.sizes.focusRing)} solid ${({ theme }) => theme.colors.purple};
  }
`;
