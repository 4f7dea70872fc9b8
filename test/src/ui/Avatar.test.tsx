import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, Badge } from '../../../src/ui';
import { renderWithTheme } from './renderWithTheme';

describe('Avatar', () => {
  it('shows the photo with the name as alt text and its size as attributes', () => {
    renderWithTheme(<Avatar src="/avatars/ana.svg" name="Ana Silva" size={64} loading="lazy" />);
    const photo = screen.getByRole('img', { name: 'Ana Silva' });
    expect(photo).toHaveAttribute('src', '/avatars/ana.svg');
    expect(photo).toHaveAttribute('width', '64');
    expect(photo).toHaveAttribute('height', '64');
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(screen.queryByText('Online')).not.toBeInTheDocument();
  });

  it('tells screen readers the person is online', () => {
    renderWithTheme(<Avatar src="/avatars/ana.svg" name="Ana Silva" online />);
    expect(screen.getByText('Online')).toBeInTheDocument();
  });

  it('shows only the dot when the screen writes the status beside it, so it is not heard twice', () => {
    const { container } = renderWithTheme(<Avatar src="/avatars/ana.svg" name="Ana Silva" online statusShownBeside />);
    expect(screen.queryByText('Online')).not.toBeInTheDocument();
    expect(container.querySelectorAll('[aria-hidden="true"]')).toHaveLength(1);
  });

  it('falls back to initials, still named, when the image fails', () => {
    renderWithTheme(<Avatar src="/missing.svg" name="Ana Silva" />);
    fireEvent.error(screen.getByRole('img', { name: 'Ana Silva' }));
    const fallback = screen.getByRole('img', { name: 'Ana Silva' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback).toHaveTextContent('AS');
  });

  it('uses initials when there is no photo', () => {
    renderWithTheme(<Avatar name="bruno" />);
    expect(screen.getByRole('img', { name: 'bruno' })).toHaveTextContent('B');
  });
});

describe('Badge', () => {
  it('shows its text, with a decorative dot when online', () => {
    const { container } = renderWithTheme(
      <>
        <Badge tone="vip">VIP</Badge>
        <Badge tone="online">Online</Badge>
      </>,
    );
    expect(screen.getByText('VIP')).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(container.querySelectorAll('[aria-hidden="true"]')).toHaveLength(1);
  });
});
