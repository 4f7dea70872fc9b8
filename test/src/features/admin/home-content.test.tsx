import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, renderApp } from '../../support/render-app';
import { PUBLIC_CONFIG } from './fixtures';

beforeEach(() => localStorage.setItem('admin_token', 'admin-token'));
afterEach(() => localStorage.clear());

const setting = (value: unknown, type: string, description = '') => ({ value, type, description, public: true });
const CONFIGS = {
  appName: setting('Orbit', 'string'),
  heroTitle: setting('Meet people worth orbiting', 'string', 'Headline of the home page hero'),
  heroSubtitle: setting('Discover singles nearby.', 'string'),
  featuresTitle: setting('Everything you need', 'string'),
  featuresSubtitle: setting('From radar to video.', 'string'),
  // Only three stored: the fourth comes from the SPEC defaults.
  stats: setting(
    [
      { value: '10K+', label: 'Active Users', color: 'purple' },
      { value: '50K+', label: 'Matches Made', color: 'pink' },
      { value: '100+', label: 'Countries', color: 'blue' },
    ],
    'array',
  ),
};

function contentApi(update: Parameters<typeof mockApi>[0][string]) {
  return mockApi({
    'GET /api/config/public': () => json(200, PUBLIC_CONFIG),
    'GET /api/config/app': () => json(200, { success: true, data: { configs: CONFIGS } }),
    'POST /api/config/app': update,
  });
}

describe('Content Manager, Home Page Content', () => {
  it('edits the texts and four stats and sends each setting with value, type, description and public', async () => {
    const api = contentApi(() => json(200, { success: true, message: 'Home page content updated successfully!', data: { configs: CONFIGS } }));
    renderApp('/admin?tab=content');
    const form = await screen.findByRole('form', { name: 'Home page content' }, { timeout: 5000 });
    const heroTitle = within(form).getByLabelText('Hero title');
    expect(heroTitle).toHaveValue('Meet people worth orbiting');
    const fourth = within(form).getByRole('group', { name: 'Stat 4' });
    expect(within(fourth).getByLabelText('Value')).toHaveValue('24/7');
    expect(within(fourth).getByLabelText('Colour')).toHaveValue('green');

    await userEvent.clear(heroTitle);
    await userEvent.type(heroTitle, 'Find your orbit');
    await userEvent.selectOptions(within(within(form).getByRole('group', { name: 'Stat 1' })).getByLabelText('Colour'), 'Pink');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await within(form).findByRole('status')).toHaveTextContent('Home page content updated successfully!');
    const sent = api.calls.find((call) => call.method === 'POST')?.body as { configs: Record<string, unknown> };
    expect(sent.configs.heroTitle).toEqual({ value: 'Find your orbit', type: 'string', description: 'Headline of the home page hero', public: true });
    expect(sent.configs.stats).toMatchObject({
      type: 'array',
      value: [
        { value: '10K+', label: 'Active Users', color: 'pink' },
        { value: '50K+', label: 'Matches Made', color: 'pink' },
        { value: '100+', label: 'Countries', color: 'blue' },
        { value: '24/7', label: 'Support', color: 'green' },
      ],
    });
    expect(Object.keys(sent.configs).sort()).toEqual(['featuresSubtitle', 'featuresTitle', 'heroSubtitle', 'heroTitle', 'stats']);
  });

  it("shows 'Failed to update content: ...' with the server's message and marks the field", async () => {
    contentApi(() =>
      json(400, {
        success: false,
        message: 'configs.heroTitle.value: Hero title is required',
        errors: [{ field: 'configs.heroTitle.value', message: 'Hero title is required' }],
      }),
    );
    renderApp('/admin?tab=content');
    const form = await screen.findByRole('form', { name: 'Home page content' }, { timeout: 5000 });
    await userEvent.clear(within(form).getByLabelText('Hero title'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    const alert = await within(form).findByRole('alert');
    // In words, without the API's field path, and beside the button pressed (not at the top of the long form).
    expect(alert).toHaveTextContent(/^Failed to update content: Hero title is required$/);
    expect(alert.compareDocumentPosition(within(form).getByRole('region', { name: 'Stats' })) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    expect(alert.compareDocumentPosition(within(form).getByRole('button', { name: 'Save Changes' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(form).getByLabelText('Hero title')).toHaveAccessibleDescription('Hero title is required');

    await userEvent.type(within(form).getByLabelText('Hero title'), 'Meet someone new');
    expect(within(form).getByLabelText('Hero title')).toBeValid();
    expect(within(form).getByLabelText('Hero title')).not.toHaveAccessibleDescription('Hero title is required');
  });

  it("shows 'Failed to load content: ...' with Try Again", async () => {
    let fail = true;
    mockApi({
      'GET /api/config/public': () => json(200, PUBLIC_CONFIG),
      'GET /api/config/app': () => (fail ? json(503, {}) : json(200, { success: true, data: { configs: CONFIGS } })),
    });
    renderApp('/admin?tab=content&section=home');
    expect(await screen.findByText('Failed to load content: Failed to fetch home page content')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByLabelText('Hero title')).toHaveValue('Meet people worth orbiting'));
  });
});
