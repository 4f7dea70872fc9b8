import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { memberKeys, refetchAccount } from '../../../src/api/member-keys';

describe('refetchAccount', () => {
  it('replaces a first fetch that was under way when the account changed, instead of keeping its older answer', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
    let status = 'Not paid yet';
    const answers: Array<() => void> = [];
    // Each fetch reads the state when it starts and answers only when the test lets it.
    const queryFn = ({ signal }: { signal: AbortSignal }) => {
      const read = status;
      return new Promise<string>((resolve, reject) => {
        answers.push(() => resolve(read));
        signal.addEventListener('abort', () => reject(new Error('cancelled')));
      });
    };
    const observer = new QueryObserver(queryClient, { queryKey: [...memberKeys.me(), 'purchases', 'history', 1], queryFn });
    const seen: Array<string | undefined> = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    await vi.waitFor(() => expect(answers).toHaveLength(1));

    status = 'Cancelled';
    const refreshed = refetchAccount(queryClient);
    answers[0]?.(); // the first fetch's answer, read before the change, arrives after it
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]?.();
    await refreshed;

    expect(observer.getCurrentResult().data).toBe('Cancelled');
    expect(seen).not.toContain('Not paid yet');
    unsubscribe();
  });
});
