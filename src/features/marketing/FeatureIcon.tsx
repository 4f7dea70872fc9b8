import type { ReactElement } from 'react';

/** Line icons drawn for Orbit (24 px grid, current colour); always decorative. */
const ICONS = {
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5" />
      <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.8c2 .7 3.2 2.4 3.5 5.2" />
    </>
  ),
  spin: (
    <>
      <path d="M20 12a8 8 0 1 1-2.3-5.7" />
      <path d="M20 4v4.5h-4.5" />
      <circle cx="12" cy="12" r="2.5" />
    </>
  ),
  radar: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <path d="M12 12l6-6" />
      <circle cx="16" cy="15" r="1" />
    </>
  ),
  live: (
    <>
      <circle cx="12" cy="12" r="2.5" />
      <path d="M7.8 7.8a6 6 0 0 0 0 8.4M16.2 7.8a6 6 0 0 1 0 8.4M5 5a10 10 0 0 0 0 14M19 5a10 10 0 0 1 0 14" />
    </>
  ),
  video: (
    <>
      <rect x="2.5" y="6" width="13" height="12" rx="2.5" />
      <path d="M15.5 10.5l6-3.5v10l-6-3.5" />
    </>
  ),
  chat: (
    <>
      <path d="M4 5h16v11H9l-5 4z" />
      <path d="M8 9.5h8M8 12.5h5" />
    </>
  ),
  heart: <path d="M12 20s-7.5-4.4-7.5-10A4.2 4.2 0 0 1 12 7.6 4.2 4.2 0 0 1 19.5 10c0 5.6-7.5 10-7.5 10z" />,
  coins: (
    <>
      <ellipse cx="10" cy="7" rx="6.5" ry="3" />
      <path d="M3.5 7v5c0 1.7 2.9 3 6.5 3s6.5-1.3 6.5-3V7" />
      <path d="M8 15.6V17c0 1.7 2.9 3 6.5 3S21 18.7 21 17v-5c0-1.4-2-2.6-4.6-2.9" />
    </>
  ),
  crown: (
    <>
      <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 10H5z" />
      <path d="M5 21h14" />
    </>
  ),
  bag: (
    <>
      <path d="M5 8h14l-1 12H6z" />
      <path d="M9 10V6.5a3 3 0 0 1 6 0V10" />
    </>
  ),
  shield: (
    <>
      <path d="M12 3l7.5 3v5.5c0 4.6-3.2 8.2-7.5 9.5-4.3-1.3-7.5-4.9-7.5-9.5V6z" />
      <path d="M8.8 12l2.2 2.2 4.2-4.4" />
    </>
  ),
  profile: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
      <circle cx="12" cy="10" r="3" />
      <path d="M7 17.5c1-2.2 2.7-3.2 5-3.2s4 1 5 3.2" />
    </>
  ),
  bell: (
    <>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </>
  ),
  camera: (
    <>
      <path d="M4 8h3.5L9 5.5h6L16.5 8H20v11H4z" />
      <circle cx="12" cy="13.5" r="3.5" />
    </>
  ),
  bolt: <path d="M13 2.5L5 13.5h6l-1 8 8-11h-6z" />,
  code: <path d="M8.5 7L3.5 12l5 5M15.5 7l5 5-5 5M13.5 4.5l-3 15" />,
  cloud: (
    <>
      <path d="M7 18.5a4.5 4.5 0 0 1-.6-9 6 6 0 0 1 11.5 1.6 3.8 3.8 0 0 1-.4 7.4z" />
      <path d="M12 11v5.5M9.8 14.3L12 16.5l2.2-2.2" />
    </>
  ),
  download: (
    <>
      <path d="M12 3.5v11M7.5 10.5l4.5 4.5 4.5-4.5" />
      <path d="M4.5 16v3.5h15V16" />
    </>
  ),
  android: (
    <>
      <path d="M5.5 10.5a6.5 6.5 0 0 1 13 0v7h-13z" />
      <path d="M8 4.5l1.5 2.3M16 4.5l-1.5 2.3M9.5 12.5v.01M14.5 12.5v.01M5.5 17.5V21M18.5 17.5V21" />
    </>
  ),
  apple: (
    <>
      <path d="M16.5 12.8c0-2.3 1.9-3.3 2-3.4a4.4 4.4 0 0 0-3.5-1.9c-1.5-.1-2.8.9-3.5.9s-1.9-.9-3.1-.8A4.6 4.6 0 0 0 4.5 10c-1.7 2.9-.4 7.2 1.2 9.5.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3.1.7 2-1.1 2.8-2.3a9.7 9.7 0 0 0 1.3-2.6 4 4 0 0 1-2.3-4.1z" />
      <path d="M14.5 5.6A3.6 3.6 0 0 0 15.4 3a3.7 3.7 0 0 0-2.4 1.2 3.4 3.4 0 0 0-.9 2.5 3 3 0 0 0 2.4-1.1z" />
    </>
  ),
} satisfies Record<string, ReactElement>;

export type FeatureIconName = keyof typeof ICONS;

export function FeatureIcon({ name, size = 24 }: { name: FeatureIconName; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICONS[name]}
    </svg>
  );
}
