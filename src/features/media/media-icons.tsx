import type { ReactNode } from 'react';

/** Line icons for the call and stream controls (decorative: their buttons carry the names). */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {children}
    </svg>
  );
}

export function MicrophoneIcon({ off = false }: { off?: boolean }) {
  return (
    <Icon>
      <rect x="9" y="2" width="6" height="12" rx="3" />
      <path d="M5 10a7 7 0 0 0 14 0M12 17v4M8 21h8" />
      {off && <path d="M3 3l18 18" />}
    </Icon>
  );
}

export function CameraIcon({ off = false }: { off?: boolean }) {
  return (
    <Icon>
      <rect x="2" y="6" width="14" height="12" rx="2" />
      <path d="M16 10l6-3v10l-6-3" />
      {off && <path d="M3 3l18 18" />}
    </Icon>
  );
}

export function SwitchCameraIcon() {
  return (
    <Icon>
      <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
      <path d="M9 13a3 3 0 0 1 5-2M15 13a3 3 0 0 1-5 2M14 9v2h-2M10 17v-2h2" />
    </Icon>
  );
}

export function HangUpIcon() {
  return (
    <Icon>
      <path d="M3 15c5-5 13-5 18 0l-2 3-4-1v-3a9 9 0 0 0-6 0v3l-4 1z" />
    </Icon>
  );
}

export function ShareIcon() {
  return (
    <Icon>
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
    </Icon>
  );
}

export function EyeIcon() {
  return (
    <Icon>
      <path d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </Icon>
  );
}
