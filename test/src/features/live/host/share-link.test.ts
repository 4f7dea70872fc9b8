import { describe, expect, it, vi } from 'vitest';
import { shareStreamLink } from '../../../../../src/features/live/host/share-link';
import { streamLink } from '../../../../../src/features/live/host/stream-actors';

const request = { title: 'Sunset chat' };
const link = 'https://orbit.example/live/0b7c1f3e-2d4a-4b6c-8e9f-101112131415';

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

describe("a stream's link", () => {
  it("is the stream's own page on this site, and a viewer's share says whom to watch", async () => {
    expect(streamLink('0b7c1f3e-2d4a-4b6c-8e9f-101112131415')).toBe(`${window.location.origin}/live/0b7c1f3e-2d4a-4b6c-8e9f-101112131415`);
    const share = vi.fn(() => Promise.resolve());
    await shareStreamLink(request, link, { share }, 'Watch Asha live on Orbit: Sunset chat');
    expect(share).toHaveBeenCalledWith({ title: 'Sunset chat', text: 'Watch Asha live on Orbit: Sunset chat', url: link });
  });
});
