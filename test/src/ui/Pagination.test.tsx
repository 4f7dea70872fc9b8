import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from '../../../src/ui';
import { renderWithTheme } from './renderWithTheme';

function Pager({ totalPages, format }: { totalPages: number; format?: (page: number, total: number) => string }) {
  const [page, setPage] = useState(1);
  return <Pagination page={page} totalPages={totalPages} onChange={setPage} label="Users pages" format={format} />;
}

describe('Pagination', () => {
  it('walks from the first to the last page with the buttons disabled at the bounds', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Pager totalPages={3} />);
    const nav = screen.getByRole('navigation', { name: 'Users pages' });
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(nav).toHaveTextContent('Page 1 of 3');
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();

    await user.click(next);
    expect(nav).toHaveTextContent('Page 2 of 3');
    expect(previous).toBeEnabled();

    await user.click(next);
    expect(nav).toHaveTextContent('Page 3 of 3');
    expect(next).toBeDisabled();

    await user.click(previous);
    expect(nav).toHaveTextContent('Page 2 of 3');
  });

  it('uses a custom position text', () => {
    renderWithTheme(<Pager totalPages={4} format={(page, total) => `Showing page ${page} of ${total}`} />);
    expect(screen.getByText('Showing page 1 of 4')).toBeInTheDocument();
  });

  it('treats an empty list as one page with both buttons disabled', () => {
    const onChange = vi.fn();
    renderWithTheme(<Pagination page={1} totalPages={0} onChange={onChange} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Page 1 of 1');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
