import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';
import { mockShellApi } from '../discovery/discover/fixtures';

// Issue 37, finding 15: the footer's legal entries are real pages.
afterEach(() => localStorage.clear());

describe('the legal pages', () => {
  it.each([
    ['/privacy', 'Privacy Policy', ['What Orbit keeps, and why', 'How long it is kept', 'Take it or delete it']],
    ['/terms', 'Terms of Service', ['Who can join', 'How to behave', 'Safety and moderation']],
    ['/cookies', 'Cookie Policy', ['The cookie', "Your browser's storage"]],
  ])('%s has its heading, its sections, its date and the page title', async (path, title, sections) => {
    mockShellApi({});
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    for (const section of sections) expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    expect(screen.getByText('27 November 2026')).toHaveAttribute('dateTime', '2026-11-27');
    await waitFor(() => expect(document.title).toBe(`${title} · Orbit`));
  });

  it('says what the Privacy Policy promises about location and deletion', async () => {
    mockShellApi({});
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(screen.getByText(/square of about 1 km/)).toBeInTheDocument();
    expect(screen.getByText(/Failed sign-in attempts: 15 minutes/)).toBeInTheDocument();
  });

  it('says the Cookie Policy has no advertising or analytics cookies, and names the device cookie', async () => {
    mockShellApi({});
    renderApp('/cookies');
    await screen.findByRole('heading', { level: 1, name: 'Cookie Policy' });
    expect(screen.getByText(/no advertising or analytics cookies/)).toBeInTheDocument();
    expect(screen.getByText(/used only to recognise a browser that signed in before, so guessing attempts elsewhere cannot lock you out/)).toBeInTheDocument();
  });
});
