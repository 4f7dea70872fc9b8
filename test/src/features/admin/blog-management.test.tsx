import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlogPost } from '../../../../contract/blog/posts';
import { json, mockApi, renderApp } from '../../support/render-app';
import { PUBLIC_CONFIG } from './fixtures';

beforeEach(() => localStorage.setItem('admin_token', 'admin-token'));
afterEach(() => localStorage.clear());

function post(index: number, overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    _id: `post-${index}`,
    title: `Post number ${index}`,
    excerpt: '',
    content: '<p>Body</p>',
    author: 'Asha',
    date: '2026-03-01T09:00:00.000Z',
    readTime: '5 min read',
    image: '',
    category: 'General',
    tags: [],
    published: index % 2 === 0,
    featured: false,
    ...overrides,
  };
}

describe('Content Manager, Blog Management', () => {
  it('filters by category and status with Apply and Clear, and pages with Showing page X of Y', async () => {
    const requests: URLSearchParams[] = [];
    mockApi({
      'GET /api/config/public': () => json(200, PUBLIC_CONFIG),
      'GET /api/blog/categories': () => json(200, { success: true, data: { categories: ['General', 'Dating Tips'] } }),
      'GET /api/blog/admin/all': (url) => {
        requests.push(url.searchParams);
        if (url.searchParams.get('category')) {
          return json(200, { success: true, posts: [post(99, { title: 'Only draft tip', category: 'Dating Tips', published: false })], currentPage: 1, totalPages: 1, total: 1 });
        }
        const page = Number(url.searchParams.get('page') ?? 1);
        const posts = Array.from({ length: page === 1 ? 10 : 3 }, (_, index) => post((page - 1) * 10 + index));
        return json(200, { success: true, posts, currentPage: page, totalPages: 2, total: 13 });
      },
    });
    renderApp('/admin?tab=content&section=blog');
    const table = await screen.findByRole('region', { name: 'Blog posts' }, { timeout: 5000 });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getAllByText('Draft').length).toBe(5);
    expect(screen.getByText('Showing page 1 of 2')).toBeInTheDocument();
    expect(requests.at(-1)?.get('limit')).toBe('10');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    const filters = screen.getByRole('form', { name: 'Filter blog posts' });
    await userEvent.selectOptions(within(filters).getByLabelText('Category'), 'Dating Tips');
    await userEvent.selectOptions(within(filters).getByLabelText('Status'), 'Draft');
    // Nothing is asked for until Apply.
    expect(requests.at(-1)?.get('category')).toBeNull();
    await userEvent.click(within(filters).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(requests.at(-1)?.get('category')).toBe('Dating Tips'));
    expect(requests.at(-1)?.get('published')).toBe('false');
    expect(requests.at(-1)?.get('page')).toBe('1');
    expect(await screen.findByText('Only draft tip')).toBeInTheDocument();
    expect(screen.getByText('Showing page 1 of 1')).toBeInTheDocument();

    await userEvent.click(within(filters).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Post number 0')).toBeInTheDocument();
    expect(screen.queryByText('Only draft tip')).not.toBeInTheDocument();
    expect(screen.getByText('Showing page 1 of 2')).toBeInTheDocument();
    expect(within(filters).getByLabelText('Status')).toHaveValue('all');
    expect(within(filters).getByLabelText('Category')).toHaveValue('');
  });

  it("shows 'Failed to load blog posts: ...' with Try Again", async () => {
    mockApi({
      'GET /api/config/public': () => json(200, PUBLIC_CONFIG),
      'GET /api/blog/categories': () => json(200, { success: true, data: { categories: [] } }),
      'GET /api/blog/admin/all': () => json(500, { success: false, message: 'Database unavailable' }),
    });
    renderApp('/admin?tab=content&section=blog');
    expect(await screen.findByText('Failed to load blog posts: Database unavailable', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
