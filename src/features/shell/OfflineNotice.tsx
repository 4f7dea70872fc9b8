import { useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { Container, Notice, px } from '../../ui';

/** What a member reads while their device has no connection (issue 51). */
export const OFFLINE_TITLE = "You're offline";
export const OFFLINE_TEXT = 'Messages you write wait in your outbox and are sent when you are back online.';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Heads every screen while the device is offline: the app shell still opens
 * (the service worker keeps it), and the outbox sends what was written once
 * the connection is back, so the member knows both.
 */
export function OfflineNotice() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  if (online) return null;
  return (
    <Top>
      <Notice tone="info" title={OFFLINE_TITLE}>
        {OFFLINE_TEXT}
      </Notice>
    </Top>
  );
}

const Top = styled(Container)`
  padding-top: ${({ theme }) => px(theme.space[3])};
`;
