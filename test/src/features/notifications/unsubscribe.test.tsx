import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_LINK_INVALID_MESSAGE, UNSUBSCRIBED_MESSAGE } from '../../../../contract/notifications';
import { json, mockApi, renderApp } from '../../support/render-app';

const TOKEN = `aaaaaaaa-0000-4000-8000-00000000000a.${'m'.repeat(43)}`;

describe('The news email\'s "Stop them" page (/unsubscribe)', () => {
  it('stops news emails only when the member presses the button, without signing in', async () => {
    const { calls } = mockApi({
      'GET /api/config/public': () => json(200, { success: true, data: { config: { appName: 'Orbit' } } }),
      'POST /api/notifications/email-unsubscribe': () => json(200, { success: true, message: UNSUBSCRIBED_MESSAGE }),
    });
    renderApp(`/unsubscribe?token=${TOKEN}`);
    const stop = await screen.findByRole('button', { name: 'Stop news emails' });
    // Opening the link stopped nothing: a mail scanner that follows links unsubscribes nobody.
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await userEvent.click(stop);
    expect(await screen.findByText(UNSUBSCRIBED_MESSAGE)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/notifications/email-unsubscribe']);
  });

  it('says a link without a usable token is not valid, and offers nothing to press', async () => {
    mockApi({ 'GET /api/config/public': () => json(200, { success: true, data: { config: { appName: 'Orbit' } } }) });
    renderApp('/unsubscribe?token=cut-off');
    expect(await screen.findByText(UNSUBSCRIBE_LINK_INVALID_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop news emails' })).not.toBeInTheDocument();
  });
});
