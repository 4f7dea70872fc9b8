import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataExportSchema, type DataExport } from '../../../../../contract/members/data-export';
import { DOWNLOAD_DATA_TEXT } from '../../../../../src/features/members/profile/DownloadDataSection';
import { json, renderApp } from '../../../support/render-app';
import { me, mockShellApi, signedInForEachTest } from '../../discovery/discover/fixtures';

// The whole app renders here; on a busy machine its first paint can take more than a second.
configure({ asyncUtilTimeout: 5000 });

const EXPORT: DataExport = {
  exportedAt: '2026-11-25T03:30:00.000Z',
  account: me(),
  photos: [],
  location: { latitude: 19.07, longitude: 72.87 },
  decisions: [{ username: 'sam', name: 'Sam Rivera', type: 'like', at: '2026-11-20T09:30:00.000Z' }],
  matches: [{ username: 'sam', name: 'Sam Rivera', matchedAt: '2026-11-21T09:30:00.000Z' }],
  messages: [],
  blocked: [],
  reports: [],
  purchases: [],
  vipSubscriptions: [],
  coins: [],
  withdrawals: [],
  gifts: [],
  creatorEarnings: [],
  liveStreamsHosted: [],
  liveStreamsWatched: [],
  liveChat: [],
  creator: null,
  sessions: [{ userAgent: 'Mozilla/5.0 (Linux; Android 10; K) Chrome/131.0.0.0 Mobile', startedAt: '2026-11-24T08:00:00.000Z', expiresAt: '2026-12-24T08:00:00.000Z', endedAt: null }],
};

/** What the browser would have saved: jsdom has no downloads, so the link's file and click are caught. */
function catchDownloads() {
  const saved: Array<{ fileName: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  vi.stubGlobal('URL', Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:orbit/${(next += 1)}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => {},
  }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) saved.push({ fileName: this.download, blob });
  });
  return saved;
}

/** jsdom's Blob has no text(); FileReader reads it as a browser would. */
function readBlob(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error('nothing was saved'));
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

signedInForEachTest();
afterEach(() => vi.unstubAllGlobals());

async function openYourData() {
  await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
  return within(within(screen.getByRole('dialog', { name: 'Settings' })).getByRole('region', { name: 'Your data' }));
}

describe('Your data, in Settings', () => {
  it('saves everything the server sends as orbit-data-<username>.json and says so', async () => {
    const saved = catchDownloads();
    const { calls } = mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      'GET /api/users/blocked': () => json(200, { success: true, blocked: [] }),
      'GET /api/user/me/export': () => json(200, EXPORT),
    });
    renderApp('/profile');
    const section = await openYourData();
    expect(section.getByText(DOWNLOAD_DATA_TEXT)).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Download my data' }));

    const fileName = `orbit-data-${me().username}.json`;
    expect(await section.findByText(`Your data was saved as ${fileName}.`)).toBeInTheDocument();
    expect(saved.map((file) => file.fileName)).toEqual([fileName]);
    expect(saved[0]?.blob.type).toBe('application/json');
    expect(dataExportSchema.parse(JSON.parse(await readBlob(saved[0]?.blob)))).toEqual(EXPORT);
    expect(calls.filter((call) => call.path === '/api/user/me/export')).toHaveLength(1);
  });

  it('shows why when the copy cannot be made, and saves nothing', async () => {
    const saved = catchDownloads();
    mockShellApi({
      'GET /api/user/me': () => json(200, { user: me() }),
      'GET /api/users/blocked': () => json(200, { success: true, blocked: [] }),
      'GET /api/user/me/export': () => json(429, { success: false, message: 'Too many requests, please try again in 60 seconds' }),
    });
    renderApp('/profile');
    const section = await openYourData();
    await userEvent.click(section.getByRole('button', { name: 'Download my data' }));
    expect(await section.findByText('Too many requests, please try again in 60 seconds')).toBeInTheDocument();
    await waitFor(() => expect(section.getByRole('button', { name: 'Download my data' })).toBeEnabled());
    expect(saved).toEqual([]);
  });
});
