import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, px } from '../../ui';
import { applyUpdate, onUpdateWaiting, registerAppWorker } from './app-worker';

/** What the prompt says while a new version waits (issue 51: "New version: reload"). */
export const NEW_VERSION_TEXT = 'New version:';

/**
 * Registers the app's service worker after the page has loaded and, when a
 * new version of Orbit is waiting, offers to load it. Not forced: a member
 * mid-message or mid-call chooses when.
 */
export function AppUpdatePrompt() {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    const register = () => void registerAppWorker().catch(() => undefined);
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    const stop = onUpdateWaiting(() => setWaiting(true));
    return () => {
      window.removeEventListener('load', register);
      stop();
    };
  }, []);
  return (
    // A live region rather than role="status": the page's own status messages stay the only ones.
    <div aria-live="polite">
      {waiting ? (
        <Bar>
          <span>{NEW_VERSION_TEXT}</span>
          <Button size="sm" onClick={applyUpdate}>
            Reload
          </Button>
        </Bar>
      ) : null}
    </div>
  );
}

const Bar = styled.div`
  position: fixed;
  left: 50%;
  transform: translateX(-50%);
  bottom: calc(${({ theme }) => px(theme.space[16])} + env(safe-area-inset-bottom, 0px));
  z-index: 40;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[3])};
  padding: ${({ theme }) => px(theme.space[2])} ${({ theme }) => px(theme.space[4])};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.raised};
`;
