import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, renderApp } from '../../support/render-app';
import { categoriesBody, listBody, makePost } from './blog-fixtures';

const user = userEvent.setup({ delay: null });
const firstPage = Array.from({ length: 9 }, (_, index) => makePost({ title: `Page one post ${index + 1}` }));
const secondPage = [makePost({ title: 'Page two post', category: 'Community', author: 'Ananya Rao' })];

function blogApi() {
  return mockApi({
    'GET /api/config/public': () => json(200, { success: true, data: { config: {} } }),
    'GET /api/blog/categories': () => json(200, categoriesBody),
    'GET /api/blog': (url) => {
      const page = Number(url.searchParams.get('page'));
      if (url.searchParams.get('category') === 'Success Stories') return json(200, listBody([]));
      return json(200, listBody(page === 2 ? secondPage : firstPage, { page, total: 10 }));
    },
    'POST /api/newsletter': () => json(200, { success: true, message: "Thanks for subscribing! You're on the list for new posts." }),
  });
}

const blogListCalls = (calls: Array<{ path: string }>) => calls.filter((call) => call.path === '/api/blog');

beforeEach(() => localStorage.clear());

describe('Blog list', () => {
  it('shows the breadcrumb, categories and a page of 9 cards with every card field', async () => {
    blogApi();
    renderApp('/blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByText('Blog')).toHaveAttribute('aria-current', 'page');

    const categories = screen.getByRole('navigation', { name: 'Blog categories' });
    await waitFor(() =>
      expect(within(categories).getAllByRole('link').map((link) => link.textContent)).toEqual([
        'All Posts',
        'General',
        'Dating Tips',
        'Features',
        'Community',
        'Success Stories',
      ]),
    );
    expect(within(categories).getByRole('link', { name: 'All Posts' })).toHaveAttribute('aria-current', 'page');
    expect(within(categories).getByRole('link', { name: 'General' })).not.toHaveAttribute('aria-current');

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(9);
    const card = within(cards[0] as HTMLElement);
    expect(card.getByRole('link', { name: 'Page one post 1' })).toHaveAttribute('href', `/blog/${firstPage[0]?._id}`);
    expect(card.getByText('March 1, 2026')).toBeInTheDocument();
    expect(card.getByText(/4 min read/)).toBeInTheDocument();
    expect(card.getByText(firstPage[0]?.excerpt ?? '')).toBeInTheDocument();
    expect(card.getByText('By Meera Kapoor')).toBeInTheDocument();
    expect(card.getByText('Read More →')).toBeInTheDocument();
    const image = cards[0]?.querySelector('img');
    expect(image).toHaveAttribute('src', firstPage[0]?.image);
    expect(image).toHaveAttribute('width', '1200');
    expect(image).toHaveAttribute('height', '630');
    expect(cards[5]?.querySelector('img')).toHaveAttribute('loading', 'lazy');
  });

  it('pages with Previous and Next, bounded to 1..totalPages, keeping the page in the URL', async () => {
    const { calls } = blogApi();
    const { router } = renderApp('/blog');
    const pages = await screen.findByRole('navigation', { name: 'Blog pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Page two post' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(within(screen.getByRole('navigation', { name: 'Blog pages' })).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Blog pages' })).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(blogListCalls(calls).length).toBeGreaterThanOrEqual(2);

    // Back in history returns to page 1.
    act(() => router.history.back());
    expect(await screen.findByRole('link', { name: 'Page one post 1' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({});
  });

  it('asks the API for 9 posts of the chosen page and category, and a category goes back to page 1', async () => {
    const requested: string[] = [];
    blogApi();
    const original = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      if (url.pathname === '/api/blog') requested.push(url.search);
      return original(input, init);
    };
    const { router } = renderApp('/blog?page=2');
    expect(await screen.findByRole('link', { name: 'Page two post' })).toBeInTheDocument();
    expect(requested).toContain('?page=2&limit=9');

    await user.click(within(screen.getByRole('navigation', { name: 'Blog categories' })).getByRole('link', { name: 'Success Stories' }));
    expect(await screen.findByRole('heading', { name: 'No blog posts found' })).toBeInTheDocument();
    expect(screen.getByText('Check back later for new posts.')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ category: 'Success Stories' });
    expect(requested.at(-1)).toBe('?page=1&limit=9&category=Success+Stories');
    const categories = screen.getByRole('navigation', { name: 'Blog categories' });
    expect(within(categories).getByRole('link', { name: 'Success Stories' })).toHaveAttribute('aria-current', 'page');
    expect(within(categories).getByRole('link', { name: 'All Posts' })).not.toHaveAttribute('aria-current');
  });

  it('shows the server message and a Try Again action when the list cannot be loaded', async () => {
    let fail = true;
    mockApi({
      'GET /api/blog/categories': () => json(200, categoriesBody),
      'GET /api/blog': () => (fail ? json(503, { success: false, message: 'Blog is resting' }) : json(200, listBody(firstPage, { total: 9 }))),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/blog');
    expect(await screen.findByRole('alert')).toHaveTextContent('Blog is resting');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Page one post 1' })).toBeInTheDocument();
  });

  it('ignores a malformed page in the URL and shows page 1', async () => {
    blogApi();
    const { router } = renderApp('/blog?page=-4&category=');
    expect(await screen.findByRole('link', { name: 'Page one post 1' })).toBeInTheDocument();
    expect(router.state.location.search.page).toBeUndefined();
  });
});

describe('Stay Updated newsletter box', () => {
  it('checks the address, then subscribes and says so', async () => {
    const { calls } = blogApi();
    renderApp('/blog');
    const box = await screen.findByRole('region', { name: 'Stay Updated' });
    const email = within(box).getByLabelText('Email address');
    expect(email).toHaveAttribute('type', 'email');

    await user.type(email, 'not-an-email');
    await user.click(within(box).getByRole('button', { name: 'Subscribe' }));
    expect(within(box).getByText('Enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.path === '/api/newsletter')).toBe(false);

    await user.type(email, 'x');
    expect(within(box).queryByText('Enter a valid email address')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid', 'true');

    await user.clear(email);
    await user.type(email, 'Reader@Example.com');
    await user.click(within(box).getByRole('button', { name: 'Subscribe' }));
    expect(await within(box).findByRole('status')).toHaveTextContent("Thanks for subscribing! You're on the list for new posts.");
    expect(calls.find((call) => call.path === '/api/newsletter')?.body).toEqual({ email: 'reader@example.com' });
    expect(email).toHaveValue('');
  });
});
