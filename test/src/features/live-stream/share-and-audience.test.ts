import { describe, expect, it, vi } from 'vitest';
import { nextViewerChat, nextViewerCount } from '../../../../machines/live-stream.sim';
import { shareStreamLink } from '../../../../src/features/live-stream/share-link';

const request = { title: 'Sunset chat' };
const link = 'https://orbit.example/live-stream';

describe('sharing a stream', () => {
  it('uses the Web Share API where the browser has it', async () => {
    const share = vi.fn(() => Promise.resolve());
    const writeText = vi.fn(() => Promise.resolve());
    await expect(shareStreamLink(request, link, { share, clipboard: { writeText } })).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: 'Sunset chat', text: "I'm live on Orbit: Sunset chat", url: link });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('treats closing the share sheet as a choice, and falls back to copying when sharing fails', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const closed = () => Promise.reject(new DOMException('Share canceled', 'AbortError'));
    await expect(shareStreamLink(request, link, { share: closed, clipboard: { writeText } })).resolves.toBe('cancelled');
    const broken = () => Promise.reject(new DOMException('Not allowed', 'NotAllowedError'));
    await expect(shareStreamLink(request, link, { share: broken, clipboard: { writeText } })).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith(link);
  });

  it('copies the link without the Web Share API, and fails plainly with neither', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    await expect(shareStreamLink(request, link, { clipboard: { writeText } })).resolves.toBe('copied');
    await expect(shareStreamLink(request, link, {})).rejects.toThrow('Neither sharing nor the clipboard is available');
  });
});

describe('the simulated audience', () => {
  const at = new Date(2026, 2, 10, 20, 0);
  it('lets viewers arrive and leave, never below zero', () => {
    expect(nextViewerCount({ title: 'x', viewers: 3 }, { random: () => 0.99 })).toBe(3 + 5 - 2);
    expect(nextViewerCount({ title: 'x', viewers: 1 }, { random: () => 0 })).toBe(1);
    expect(nextViewerCount({ title: 'x', viewers: 0 }, { random: () => 0.5 })).toBeGreaterThanOrEqual(0);
  });

  it("brings a viewer's message now and then", () => {
    expect(nextViewerChat({ title: 'x', viewers: 1 }, { random: () => 0, now: () => at })).toEqual([{ user: 'Priya', message: 'Hi from Mumbai! 👋', timestamp: at.toISOString() }]);
    expect(nextViewerChat({ title: 'x', viewers: 4 }, { random: () => 0.99, now: () => at })).toEqual([]);
  });

  it('says nothing to an empty room', () => {
    expect(nextViewerChat({ title: 'x', viewers: 0 }, { random: () => 0, now: () => at })).toEqual([]);
  });
});
