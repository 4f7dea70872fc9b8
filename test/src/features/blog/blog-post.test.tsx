import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { labelled, watchForElement } from '../../support/ever-shown';
import { delayed, json, mockApi, renderApp } from '../../support/render-app';
import { categoriesBody, listBody, makePost } from './blog-fixtures';

const user = userEvent.setup({ delay: null });

const post = makePost({
  title: 'First Date Ideas That Actually Work',
  excerpt: 'Skip the awkward dinner: ideas that let the conversation flow.',
  author: 'Ananya Rao',
  category: 'Dating Tips',
  tags: ['first date', 'ideas'],
  readTime: '6 min read',
  content:
    '<h2>Go for a walk</h2><p>Walking side by side <strong>takes the pressure off</strong>.</p>' +
    '<img src="x" onerror="window.__xss = true"><script>window.__xss = true</script>' +
    '<a href="javascript:window.__xss = true">click</a><iframe src="https://evil.example"></iframe>',
});
const otherPost = makePost({ title: 'Another read' });

declare global {
  interface Window {
    __xss?: boolean;
  }
}

function postApi({ postDelayMs = 0 } = {}) {
  return mockApi({
    'GET /api/config/public': () => json(200, { success: true, data: { config: { appName: 'Orbit' } } }),
    'GET /api/blog/categories': () => json(200, categoriesBody),
    'GET /api/blog': () => json(200, listBody([post, otherPost])),
    [`GET /api/blog/${post._id}`]: delayed(postDelayMs, () => json(200, { success: true, data: { post } })),
  });
}

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content') ?? null;

beforeEach(() => {
  localStorage.clear();
  delete window.__xss;
  document.title = 'Orbit: meet people near you';
});

describe('Blog post', () => {
  it('shows the image, meta line, title, sanitised body, category and tags', async () => {
    postApi();
    renderApp(`/blog/${post._id}`);
    const article = await screen.findByRole('article', { name: post.title });
    expect(within(article).getByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
    expect(within(article).getByText('March 1, 2026')).toHaveAttribute('datetime', post.date);
    expect(within(article).getByText('6 min read')).toBeInTheDocument();
    expect(within(article).getByText('By Ananya Rao')).toBeInTheDocument();
    expect(within(article).getByRole('heading', { level: 2, name: 'Go for a walk' })).toBeInTheDocument();
    expect(within(article).getByText('takes the pressure off').tagName).toBe('STRONG');
    const chips = within(article).getByRole('list', { name: 'Category and tags' });
    expect(within(chips).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Dating Tips', '#first date', '#ideas']);
    expect(article.querySelector('img')).toHaveAttribute('src', post.image);
    expect(screen.getByRole('link', { name: '← Back to Blog' })).toHaveAttribute('href', '/blog');

    // The stored XSS attempt is inert: no script, handler, javascript: link or frame survives.
    expect(article.querySelector('script, iframe')).toBeNull();
    expect(article.innerHTML).not.toMatch(/onerror|javascript:/);
    expect(window.__xss).toBeUndefined();
  });

  it('sets title, description, keywords, social and canonical tags from the post, and restores them on leaving', async () => {
    postApi();
    const description = document.createElement('meta');
    description.name = 'description';
    description.content = 'The site description';
    document.head.append(description);

    const { router } = renderApp(`/blog/${post._id}`);
    await screen.findByRole('article', { name: post.title });
    expect(document.title).toBe('First Date Ideas That Actually Work | Orbit Blog');
    expect(meta('meta[name="description"]')).toBe(post.excerpt);
    expect(meta('meta[name="keywords"]')).toBe('first date, ideas, Dating Tips');
    expect(meta('meta[property="og:title"]')).toBe(document.title);
    expect(meta('meta[property="og:type"]')).toBe('article');
    expect(meta('meta[property="og:image"]')).toBe(`${window.location.origin}${post.image}`);
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(meta('meta[name="twitter:description"]')).toBe(post.excerpt);
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `${window.location.origin}/blog/${post._id}`);

    await act(() => router.navigate({ to: '/blog' }));
    await screen.findByRole('heading', { level: 1, name: 'Blog' });
    // The list names itself again (PageTitle); the post's other tags are gone with it.
    await waitFor(() => expect(document.title).toBe('Blog · Orbit'));
    expect(meta('meta[name="description"]')).toBe('The site description');
    expect(document.head.querySelector('meta[name="keywords"], meta[property="og:title"], link[rel="canonical"]')).toBeNull();
    description.remove();
  });

  it('opens from a card and goes back to the same list page with Back to Blog', async () => {
    postApi();
    const { router } = renderApp('/blog?category=Dating%20Tips');
    await user.click(await screen.findByRole('link', { name: post.title }));
    expect(await screen.findByRole('article', { name: post.title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/blog/${post._id}`);

    await user.click(screen.getByRole('link', { name: '← Back to Blog' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ category: 'Dating Tips' });
    // It went back in history (to the first entry) rather than stacking a new one.
    expect(router.history.canGoBack()).toBe(false);
  });

  it('opens with the post: the route waits for it, so no loading state shows first', async () => {
    // The post comes a little late, so a page that rendered before it would show its loading state first.
    postApi({ postDelayMs: 100 });
    const { router } = renderApp('/blog');
    await screen.findByRole('heading', { level: 1, name: 'Blog' });
    const loading = watchForElement(labelled('Loading post'));
    await act(() => router.navigate({ to: '/blog/$postId', params: { postId: post._id } }));
    // Once the navigation has settled the post is there, without waiting for anything more.
    expect(screen.getByRole('article', { name: post.title })).toBeInTheDocument();
    expect(loading.stop()).toBe(false);
  });

  it('says "Blog post not found" for a missing or unpublished post, with a way back', async () => {
    postApi();
    renderApp('/blog/1');
    expect(await screen.findByRole('heading', { name: 'Blog post not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the blog' })).toHaveAttribute('href', '/blog');
  });

  it('shows "Error Loading Post" with Try Again when the post cannot be loaded, asking once on the way in', async () => {
    let failing = true;
    const { calls } = mockApi({
      'GET /api/config/public': () => json(200, { success: true, data: { config: { appName: 'Orbit' } } }),
      [`GET /api/blog/${post._id}`]: () =>
        failing ? json(500, { success: false, message: 'The blog is resting' }) : json(200, { success: true, data: { post } }),
    });
    renderApp(`/blog/${post._id}`);
    expect(await screen.findByRole('heading', { name: 'Error Loading Post' })).toBeInTheDocument();
    expect(screen.getByText('The blog is resting')).toBeInTheDocument();
    // The loader's answer is shown as it is: the page does not ask again when it mounts.
    expect(calls.filter((call) => call.path === `/api/blog/${post._id}`)).toHaveLength(1);

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: post.title })).toBeInTheDocument();
  });
});
