import { useNavigate } from '@tanstack/react-router';

declare module '@tanstack/history' {
  interface HistoryState {
    /** The server's message after a block, shown once by Discover (SafetyNotice). */
    safetyNotice?: string;
  }
}

/**
 * After blocking someone from their profile: leave it for Discover (`/users`)
 * at once, carrying the server's message in the history entry. The profile
 * would answer 404 from now on, and staying on it would leave Like and
 * Message within reach of someone just blocked.
 */
export function useLeaveAfterBlock(): (message: string) => void {
  const navigate = useNavigate();
  return (message) => void navigate({ to: '/users', state: (previous) => ({ ...previous, safetyNotice: message }) });
}
