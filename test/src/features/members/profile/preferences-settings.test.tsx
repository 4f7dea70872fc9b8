import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderApp } from '../../../support/render-app';
import { me, mockShellApi, signedInForEachTest } from '../../discovery/discover/fixtures';

signedInForEachTest();

const SAVED = { showMe: 'women', minAge: 25, maxAge: 35, maxDistanceKm: 50 } as const;

describe('Settings, Who I want to meet', () => {
  it("shows the member's preferences and saves a change of them, whole", async () => {
    const { calls } = mockShellApi({
      'GET /api/user/me': () => json(200, { user: me({ preferences: SAVED }) }),
      'PATCH /api/user/me': () => json(200, { user: me({ preferences: { ...SAVED, showMe: 'everyone', maxDistanceKm: 100 } }) }),
      'GET /api/conversations': () => json(200, { conversations: [] }),
    });
    renderApp('/settings');
    const section = within(await screen.findByRole('region', { name: 'Who I want to meet' }));
    expect(section.getByRole('radio', { name: 'Women' })).toBeChecked();
    expect(section.getByLabelText('Youngest')).toHaveValue(25);
    expect(section.getByLabelText('Distance')).toHaveValue('50');

    await userEvent.click(section.getByRole('radio', { name: 'Everyone' }));
    await userEvent.selectOptions(section.getByLabelText('Distance'), '100');
    await userEvent.click(section.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ preferences: { showMe: 'everyone', minAge: 25, maxAge: 35, maxDistanceKm: 100 } }));
    expect(await section.findByText('Preferences saved')).toBeInTheDocument();
  });

  it('says why a range cannot be saved, and sends nothing', async () => {
    const { calls } = mockShellApi({
      'GET /api/user/me': () => json(200, { user: me({ preferences: SAVED }) }),
      'GET /api/conversations': () => json(200, { conversations: [] }),
    });
    renderApp('/settings');
    const section = within(await screen.findByRole('region', { name: 'Who I want to meet' }));
    await userEvent.clear(section.getByLabelText('Youngest'));
    await userEvent.type(section.getByLabelText('Youngest'), '40');
    await userEvent.click(section.getByRole('button', { name: 'Save preferences' }));
    expect(section.getByLabelText('Youngest')).toBeInvalid();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });
});
