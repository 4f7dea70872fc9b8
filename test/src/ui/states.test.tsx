import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState, ErrorState, Skeleton, Spinner, Table } from '../../../src/ui';
import { renderWithTheme } from './renderWithTheme';

describe('ErrorState', () => {
  it('announces the failure and offers a retry', async () => {
    const retry = vi.fn();
    renderWithTheme(
      <ErrorState title="Error Loading Profile" text="Check your connection." action={{ label: 'Try Again', onClick: retry }} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Profile');
    expect(alert).toHaveTextContent('Check your connection.');
    expect(screen.getByRole('heading', { level: 2, name: 'Error Loading Profile' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe('EmptyState', () => {
  it('shows a heading, text and a custom action element without alerting', () => {
    renderWithTheme(
      <EmptyState title="No matches yet" text="Spin to meet someone." action={<a href="/spin">Go to Spin</a>} headingLevel={3} />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'No matches yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Spin' })).toHaveAttribute('href', '/spin');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Spinner and Skeleton', () => {
  it('names the spinner status and hides skeletons from screen readers', () => {
    const { container } = renderWithTheme(
      <>
        <Spinner label="Loading matches" />
        <Skeleton width="60%" />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading matches');
    expect(container.querySelectorAll('[aria-hidden="true"]')).toHaveLength(2);
  });

  it('defaults the spinner label to Loading', () => {
    renderWithTheme(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });
});

describe('Table', () => {
  it('wraps the table in a named, focusable scroll region', () => {
    renderWithTheme(
      <Table label="Users">
        <thead>
          <tr>
            <th scope="col">Username</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>ana</td>
          </tr>
        </tbody>
      </Table>,
    );
    const region = screen.getByRole('region', { name: 'Users' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('columnheader', { name: 'Username' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'ana' })).toBeInTheDocument();
  });
});
