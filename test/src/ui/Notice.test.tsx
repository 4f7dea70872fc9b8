import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Notice } from '../../../src/ui';
import { renderWithTheme } from './renderWithTheme';

describe('Notice', () => {
  it('announces errors assertively as an alert', () => {
    renderWithTheme(<Notice tone="error">Invalid username or password</Notice>);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('announces success and info politely as a status', () => {
    renderWithTheme(
      <>
        <Notice tone="success">Profile saved</Notice>
        <Notice tone="info" title="Heads up">
          Calls end after 10 minutes
        </Notice>
      </>,
    );
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((status) => status.textContent)).toEqual(['Profile saved', 'Heads upCalls end after 10 minutes']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
