import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, parseRetryAfter } from '../../../src/api/client';
import { createAppQueryClient } from '../../../src/router';

const UNAVAILABLE = 'Orbit is briefly unavailable; please try again in a moment';

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 10, 23, 8, 0, 0);

  it('reads whole seconds and HTTP dates', () => {
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter(new Date(now + 12_000).toUTCString(), now)).toBe(12_000);
  });

  it('never asks for a wait in the past, and ignores what it cannot read', () => {
    expect(parseRetryAfter(new Date(now - 60_000).toUTCString(), now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-3', now)).toBeUndefined();
  });
});

describe('a query while the server says it is briefly unavailable', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  const fetchConfig = (client: ReturnType<typeof createAppQueryClient>) =>
    client.fetchQuery({ queryKey: ['config'], queryFn: () => apiRequest<{ success: true }>('/config/public', { fallbackMessage: 'Could not load' }) });

  it("asks again only after the server's Retry-After, then gets the answer", async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(503, { success: false, message: UNAVAILABLE }, { 'retry-after': '5' }))
      .mockResolvedValueOnce(jsonResponse(200, { success: true }));
    const result = fetchConfig(createAppQueryClient());

    await vi.advanceTimersByTimeAsync(4_900);
    // The default back-off would have asked again after 1 s.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(result).resolves.toEqual({ success: true });
  });

  it("gives up after two retries with the server's message", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(503, { success: false, message: UNAVAILABLE }, { 'retry-after': '5' })));
    const result = fetchConfig(createAppQueryClient());
    const settled = result.catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(10_000);
    const error = await settled;
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, message: UNAVAILABLE, retryAfterMs: 5000 });
  });

  it('keeps the doubling back-off when the server gave no Retry-After', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(500, { success: false, message: 'Internal server error' }))
      .mockResolvedValueOnce(jsonResponse(200, { success: true }));
    const result = fetchConfig(createAppQueryClient());

    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(result).resolves.toEqual({ success: true });
  });
});
