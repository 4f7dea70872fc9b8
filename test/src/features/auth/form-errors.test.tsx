import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../support/render-app';

// A field's error stays until its field is edited, then goes: a "required"
// or a format rule left under a corrected field reads as if it were still wrong.

afterEach(() => localStorage.clear());
const user = userEvent.setup({ delay: null });

describe('Login form errors', () => {
  it('shows each missing field, and withdraws an error once its field has text', async () => {
    renderApp('/login');
    const form = await screen.findByRole('form', { name: 'User sign in' });
    await user.click(within(form).getByRole('button', { name: 'Sign In' }));
    expect(within(form).getByText('Username or email is required')).toBeInTheDocument();
    expect(within(form).getByText('Password is required')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Username or email'), 'maya_r');
    expect(within(form).queryByText('Username or email is required')).not.toBeInTheDocument();
    // Only the field that was edited loses its error.
    expect(within(form).getByText('Password is required')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Password'), 'x');
    expect(within(form).queryByText('Password is required')).not.toBeInTheDocument();
  });

  it('keeps "required" while the username or email is only spaces', async () => {
    renderApp('/login');
    const form = await screen.findByRole('form', { name: 'User sign in' });
    await user.click(within(form).getByRole('button', { name: 'Sign In' }));
    await user.type(within(form).getByLabelText('Username or email'), '   ');
    expect(within(form).getByText('Username or email is required')).toBeInTheDocument();
  });
});

describe('Register form errors', () => {
  it('withdraws a field error when that field is edited, and checks it again on submit', async () => {
    renderApp('/register');
    const form = await screen.findByRole('form', { name: 'Sign up' });
    await user.type(within(form).getByLabelText('Username'), 'Bad Name!');
    await user.click(within(form).getByRole('button', { name: 'Sign Up' }));
    expect(within(form).getByLabelText('Username')).toBeInvalid();
    expect(within(form).getByText('Email is required')).toBeInTheDocument();
    expect(within(form).getByText('First name is required')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Email'), 'maya@example.com');
    expect(within(form).queryByText('Email is required')).not.toBeInTheDocument();
    // The username was not edited: its error is still there.
    expect(within(form).getByLabelText('Username')).toBeInvalid();

    await user.type(within(form).getByLabelText('Username'), 'x');
    expect(within(form).getByLabelText('Username')).toBeValid();
    // Submitting checks it again.
    await user.click(within(form).getByRole('button', { name: 'Sign Up' }));
    expect(within(form).getByLabelText('Username')).toBeInvalid();
  });
});
