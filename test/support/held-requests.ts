import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Requests a model walk holds until the step that answers them, as a server
 * that answers when told: the walk decides what each one gets, in order.
 */
export function heldRequests() {
  let pending: Array<{ url: URL; answer: (response: Response) => void }> = [];
  return {
    /** Forget what the last walk left unanswered. */
    reset(): void {
      pending = [];
    },
    /** The fetch mock's answer to a request this holds. */
    hold(url: URL): Promise<Response> {
      return new Promise((resolve) => pending.push({ url, answer: resolve }));
    },
    /** Answers the oldest held request, once the screen has made it; gives its URL. */
    async answer(response: Response): Promise<URL | undefined> {
      await waitFor(() => expect(pending.length).toBeGreaterThan(0));
      const next = pending.shift();
      await act(async () => {
        next?.answer(response);
        await Promise.resolve();
      });
      return next?.url;
    },
    get count(): number {
      return pending.length;
    },
  };
}
