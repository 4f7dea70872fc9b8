import { describe, expect, it } from 'vitest';
import { unlessAborted } from '../../../../src/features/discover/unless-aborted';

describe('unlessAborted', () => {
  it('passes results and real failures through', async () => {
    const controller = new AbortController();
    await expect(unlessAborted(controller.signal, () => Promise.resolve(7))).resolves.toBe(7);
    await expect(unlessAborted(controller.signal, () => Promise.reject(new Error('Failed to load matches')))).rejects.toThrow('Failed to load matches');
  });

  it('never settles once its request was aborted, so a restarted actor cannot take the stale failure', async () => {
    const controller = new AbortController();
    const pending = unlessAborted(controller.signal, (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))));
    controller.abort();
    const outcome = await Promise.race([pending.then(() => 'settled', () => 'settled'), new Promise((resolve) => setTimeout(() => resolve('still pending'), 50))]);
    expect(outcome).toBe('still pending');
  });
});
