import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, Badge, Photo } from '../../../src/ui';
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

  it('offers every stored width of an uploaded photo, drawn at its diameter', () => {
    const id = '0a1b2c3d-0000-4000-8000-00000000000a';
    renderWithTheme(<Avatar src={`/api/photos/${id}/320.webp`} name="Ana Silva" size={64} loading="lazy" />);
    const photo = screen.getByRole('img', { name: 'Ana Silva' });
    expect(photo).toHaveAttribute(
      'srcset',
      `/api/photos/${id}/160.webp 160w, /api/photos/${id}/320.webp 320w, /api/photos/${id}/640.webp 640w, /api/photos/${id}/1080.webp 1080w`,
    );
    expect(photo).toHaveAttribute('sizes', '64px');
  });

  it('gives a generated avatar no srcset: it is one SVG', () => {
    renderWithTheme(<Avatar src="/api/media/avatar/ana" name="Ana Silva" size={64} />);
    const photo = screen.getByRole('img', { name: 'Ana Silva' });
    expect(photo).not.toHaveAttribute('srcset');
    expect(photo).not.toHaveAttribute('sizes');
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

describe('Photo', () => {
  it('is lazy by default, sized, named, and offers the stored widths of an uploaded photo', () => {
    const id = '0a1b2c3d-0000-4000-8000-00000000000b';
    renderWithTheme(<Photo src={`/api/photos/${id}/640.webp`} alt="Ana Silva, photo 2" width={200} height={200} sizes="33vw" />);
    const photo = screen.getByRole('img', { name: 'Ana Silva, photo 2' });
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveAttribute('width', '200');
    expect(photo).toHaveAttribute('sizes', '33vw');
    expect(photo.getAttribute('srcset')).toContain(`/api/photos/${id}/1080.webp 1080w`);
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
