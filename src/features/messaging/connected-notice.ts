/**
 * 'Connected with <name>!' after the heart on Matches: Matches notes whom the
 * member just connected with, and the chat with them says so once as it
 * opens. Kept in memory (not in the address), so a reload or a later visit
 * does not say it again.
 */

let connectedWith: string | null = null;

export function noteConnected(userId: string): void {
  connectedWith = userId;
}

/** Whether the chat with `userId` should announce the connection; answers true once. */
export function takeConnected(userId: string): boolean {
  if (connectedWith !== userId) return false;
  connectedWith = null;
  return true;
}
