import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { json, mockApi, renderApp } from '../../support/render-app';
import { listBody, makePost } from '../blog/blog-fixtures';
import { APK_MISSING_NOTE } from '../../../../src/features/marketing/DownloadScreen';

const guides = [
  makePost({ title: 'Getting the most out of the radar', category: 'Features' }),
  makePost({ title: 'Your first video call', category: 'Features' }),
  makePost({ title: 'Going live for the first time', category: 'Features' }),
];

function api(config: Record<string, unknown> = {}) {
  const blogQueries: string[] = [];
  mockApi({
    'GET /api/config/public': () => json(200, { success: true, data: { config } }),
    'GET /api/blog': (url) => {
      blogQueries.push(url.search);
      return json(200, listBody(guides));
    },
  });
  return { blogQueries };
}

beforeEach(() => localStorage.clear());

describe('Features page', () => {
  it('links every feature card to its screen, the first two to /users and /spin', async () => {
    api();
    renderApp('/features');
    const list = await screen.findByRole('region', { name: 'All features' });
    const links = within(list).getAllByRole('link');
    expect(links.slice(0, 2).map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Discover People', '/users'],
      ['Spin to Match', '/spin'],
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/users',
      '/spin',
      '/radar',
      '/live-stream',
      '/video-call',
      '/messages',
      '/match',
      '/coins',
      '/vip',
      '/store',
    ]);
  });

  it('teases three guides from the Features category, and offers Download Now and Sign Up Free', async () => {
    const { blogQueries } = api({ featuresTitle: 'All the ways to meet' });
    renderApp('/features');
    expect(await screen.findByRole('heading', { level: 1, name: 'All the ways to meet' })).toBeInTheDocument();
    const teaser = screen.getByRole('region', { name: 'Get the most out of every feature' });
    await waitFor(() => expect(within(teaser).getAllByRole('article')).toHaveLength(3));
    expect(within(teaser).getByRole('link', { name: 'Your first video call' })).toHaveAttribute('href', `/blog/${guides[1]?._id}`);
    expect(blogQueries).toEqual(['?page=1&limit=3&category=Features']);
    expect(screen.getByRole('link', { name: 'Download Now' })).toHaveAttribute('href', '/download');
    expect(screen.getByRole('link', { name: 'Sign Up Free' })).toHaveAttribute('href', '/register');
  });
});

describe('Download page', () => {
  it('shows the APK button disabled with a note while no download is configured, and iOS as Coming Soon', async () => {
    api();
    renderApp('/download');
    expect(await screen.findByRole('heading', { level: 1, name: 'Take Orbit with you' })).toBeInTheDocument();
    const apk = screen.getByRole('button', { name: 'Download APK' });
    expect(apk).toBeDisabled();
    expect(await screen.findByText(APK_MISSING_NOTE)).toBeInTheDocument();
    expect(apk).toHaveAccessibleDescription(APK_MISSING_NOTE);
    // Not a dead end: the web app is offered instead.
    expect(screen.getByRole('link', { name: 'Open Orbit on the web' })).toHaveAttribute('href', '/users');
    expect(screen.getByText('Requires Android 6.0+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    expect(screen.getByText('Requires iOS 12.0+')).toBeInTheDocument();
    // No link on the page leads to a file that is not there.
    expect(screen.queryByRole('link', { name: 'Download APK' })).not.toBeInTheDocument();
  });

  it('links the APK to the configured download', async () => {
    api({ androidApkUrl: '/downloads/orbit-1.0.apk' });
    renderApp('/download');
    const apk = await screen.findByRole('link', { name: 'Download APK' });
    expect(apk).toHaveAttribute('href', '/downloads/orbit-1.0.apk');
    expect(screen.queryByText(/not available yet/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open Orbit on the web' })).not.toBeInTheDocument();
  });

  it('lists the three ways to get the app and the three benefits', async () => {
    api();
    renderApp('/download');
    const ways = await screen.findByRole('region', { name: 'Three ways to get the app' });
    expect(within(ways).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Option 1: Build from source',
      'Option 2: Online builder',
      'Option 3: Pre-built APK',
    ]);
    const benefits = screen.getByRole('region', { name: 'Better on your phone' });
    expect(within(benefits).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Performance',
      'Push notifications',
      'Camera',
    ]);
  });
});
