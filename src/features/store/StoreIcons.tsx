import { useTheme } from 'styled-components';

// Small decorative icons for the store screens. Each is aria-hidden: the
// text next to it carries the meaning. Line icons take the current colour.

export function CoinIcon() {
  const { colors } = useTheme();
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill={colors.vip} stroke={colors.warning} strokeWidth="1.5" />
      <circle cx="12" cy="12" r="6.5" fill="none" stroke={colors.vipTint} strokeWidth="1.2" />
      <path d="M12 8.2l1.1 2.3 2.5.3-1.8 1.7.5 2.5-2.3-1.2-2.3 1.2.5-2.5-1.8-1.7 2.5-.3z" fill={colors.warning} />
    </svg>
  );
}

function LineIcon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

export const CheckIcon = () => <LineIcon path="M5 12.5l4.5 4.5L19 7.5" />;
export const HeartIcon = () => <LineIcon path="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />;
export const EyeIcon = () => <LineIcon path="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10-3a3 3 0 1 0 0 6 3 3 0 0 0 0-6z" />;
export const BoostIcon = () => <LineIcon path="M12 3l7 8h-4v10H9V11H5z" />;
export const IncognitoIcon = () => <LineIcon path="M3 11h18M6 11l2-6h8l2 6M7.5 19a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zm9 0a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM10 16.5h4" />;
export const ProfileIcon = () => <LineIcon path="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0" />;
export const CrownIcon = () => <LineIcon path="M3 18h18M4 16L3 7l5 4 4-6 4 6 5-4-1 9z" />;
export const ChatIcon = () => <LineIcon path="M4 5h16v11H9l-5 4z" />;
