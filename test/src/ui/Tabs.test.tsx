import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TabPanel, Tabs } from '../../../src/ui';
import { renderWithTheme } from './renderWithTheme';

const roles = [
  { id: 'user', label: 'User' },
  { id: 'admin', label: 'Admin' },
  { id: 'guest', label: 'Guest' },
];

function SignInAs() {
  const [value, setValue] = useState('user');
  return (
    <>
      <Tabs label="Sign in as" idBase="login" tabs={roles} value={value} onChange={setValue} />
      <TabPanel idBase="login" tabId={value}>
        Form for {value}
      </TabPanel>
    </>
  );
}

const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');

describe('Tabs', () => {
  it('renders a named tablist tied to its panel', () => {
    renderWithTheme(<SignInAs />);
    expect(screen.getByRole('tablist', { name: 'Sign in as' })).toBeInTheDocument();
    const userTab = screen.getByRole('tab', { name: 'User' });
    expect(userTab).toHaveAttribute('aria-selected', 'true');
    expect(userTab).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Admin' })).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel', { name: 'User' });
    expect(userTab).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('Form for user');
  });

  it('moves the selection with arrows, Home and End, wrapping around', async () => {
    const user = userEvent.setup();
    renderWithTheme(<SignInAs />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'User' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(selectedTab()).toHaveTextContent('Admin');
    expect(screen.getByRole('tab', { name: 'Admin' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'User' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Form for admin');

    await user.keyboard('{End}');
    expect(selectedTab()).toHaveTextContent('Guest');
    await user.keyboard('{ArrowRight}');
    expect(selectedTab()).toHaveTextContent('User');
    await user.keyboard('{ArrowLeft}');
    expect(selectedTab()).toHaveTextContent('Guest');
    await user.keyboard('{Home}');
    expect(selectedTab()).toHaveTextContent('User');
    expect(screen.getByRole('tab', { name: 'User' })).toHaveFocus();
  });

  it('selects on click and leaves the tablist with one Tab press', async () => {
    const user = userEvent.setup();
    renderWithTheme(<SignInAs />);
    await user.click(screen.getByRole('tab', { name: 'Guest' }));
    expect(selectedTab()).toHaveTextContent('Guest');
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });
});
