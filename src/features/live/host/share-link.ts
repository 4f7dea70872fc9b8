import { fromPromise } from 'xstate';
import type { ShareOutcome, ShareRequest } from '../../../../machines/live/host.machine';

/** The parts of `navigator` sharing uses, so tests can hand in their own. */
export interface ShareTargets {
  share?: (data: ShareData) => Promise<void>;
  clipboard?: { writeText: (text: string) => Promise<void> };
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * SPEC Live stream Share: the Web Share API where the browser has it,
 * otherwise the link goes to the clipboard (the screen confirms either).
 */
export async function shareStreamLink(
  request: Pick<ShareRequest, 'title'>,
  link: string,
  targets: ShareTargets,
  text = `I'm live on Orbit: ${request.title}`,
): Promise<ShareOutcome> {
  if (typeof targets.share === 'function') {
    try {
      await targets.share({ title: request.title, text, url: link });
      return 'shared';
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
      if (isAbort(error)) return 'cancelled';
    }
  }
  if (!targets.clipboard) throw new Error('Neither sharing nor the clipboard is available');
  await targets.clipboard.writeText(link);
  return 'copied';
}

/** The host's Share: the stream's own page (`link`), through the browser's share sheet or clipboard. */
export function createShareActor(options: { link: (request: ShareRequest) => string; targets?: ShareTargets }) {
  return fromPromise<ShareOutcome, ShareRequest>(({ input }) => shareStreamLink(input, options.link(input), options.targets ?? navigator));
}

export const SHARE_CONFIRMATIONS: Record<Exclude<ShareOutcome, 'cancelled'> | 'failed', { tone: 'success' | 'error'; text: string }> = {
  shared: { tone: 'success', text: 'Thanks for sharing your stream!' },
  copied: { tone: 'success', text: 'Link copied to clipboard' },
  failed: { tone: 'error', text: "Couldn't share the link. Copy it from the address bar instead." },
};
