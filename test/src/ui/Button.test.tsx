import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import styled from 'styled-components';
import { Button, buttonStyles, IconButton, type ButtonStyleProps } from '../../../src/ui';
import { renderWithTheme } from './renderWithTheme';

describe('Button', () => {
  it('is a normal clickable button when idle', async () => {
    const onClick = vi.fn();
    renderWithTheme(<Button onClick={onClick}>Sign in</Button>);
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while loading shows the loading label, is disabled and busy', async () => {
    const onClick = vi.fn();
    renderWithTheme(
      <Button loading loadingLabel="Signing in..." onClick={onClick}>
        Sign in
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Signing in...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    // The idle text stays in the DOM (keeping the width) but is hidden.
    expect(screen.getByText('Sign in')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('while loading without a loading label keeps its own name', () => {
    renderWithTheme(<Button loading>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('lets a link take the button look through buttonStyles', () => {
    const LinkButton = styled.a<ButtonStyleProps>`
      ${buttonStyles}
    `;
    renderWithTheme(
      <LinkButton href="/login" $variant="secondary" $size="lg">
        Log in
      </LinkButton>,
    );
    const link = screen.getByRole('link', { name: 'Log in' });
    // Transient props style the link but never reach the DOM.
    expect(link).not.toHaveAttribute('$variant');
    expect(link.className).not.toBe('');
  });
});

describe('IconButton', () => {
  it('is named by its aria-label', () => {
    renderWithTheme(
      <IconButton aria-label="Open menu">
        <svg aria-hidden="true" />
      </IconButton>,
    );
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('type', 'button');
  });

  it('does not compile without an aria-label', () => {
    const withoutLabel = (
      // @ts-expect-error aria-label is required
      <IconButton>
        <svg aria-hidden="true" />
      </IconButton>
    );
    expect(withoutLabel).toBeTruthy();
  });
});
