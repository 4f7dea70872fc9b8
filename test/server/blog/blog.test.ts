import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import {
  adminBlogListResponseSchema,
  blogCategoriesResponseSchema,
  blogListResponseSchema,
  blogMessageResponseSchema,
  blogPostResponseSchema,
  type BlogPost,
} from '../../../contract/blog/posts';
import { adminAuditLog, blogPosts } from '../../../server/db/schema';
import { bearer, loginAdmin, registerUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
let adminToken: string;
let userToken: string;
beforeAll(async () => {
  testApp = await createTestApp();
  adminToken = await loginAdmin(testApp.app);
  userToken = (await registerUser(testApp.app)).token;
});
afterAll(() => testApp.close());

const get = (url: string, token?: string) => testApp.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = adminToken) =>
  testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function createPost(fields: object): Promise<BlogPost> {
  const response = await send('POST', '/api/blog/admin', fields);
  expect(response.statusCode, response.body).toBe(201);
  const { post } = blogMessageResponseSchema.parse(response.json());
  if (!post) throw new Error('create answered without the post');
  return post;
}

describe('public blog', () => {
  it('lists only published posts, newest first, with paging totals', async () => {
    const response = await get('/api/blog?page=1&limit=5');
    expect(response.statusCode).toBe(200);
    const body = blogListResponseSchema.parse(response.json());
    expect(body).toMatchObject({ currentPage: 1, total: 13, totalPages: 3 });
    expect(body.posts).toHaveLength(5);
    expect(body.posts.every((post) => post.published)).toBe(true);
    const dates = body.posts.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());

    const last = blogListResponseSchema.parse((await get('/api/blog?page=3&limit=5')).json());
    expect(last.posts).toHaveLength(3);
    const beyond = blogListResponseSchema.parse((await get('/api/blog?page=9&limit=5')).json());
    expect(beyond).toMatchObject({ posts: [], currentPage: 9, totalPages: 3 });
  });

  it('lists posts without their HTML body, which only the post itself carries', async () => {
    const response = await get('/api/blog?limit=50');
    const posts = response.json<{ posts: Array<Record<string, unknown>> }>().posts;
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) {
      expect(post).not.toHaveProperty('content');
      expect([typeof post.title, typeof post.excerpt, typeof post.author]).toEqual(['string', 'string', 'string']);
    }
  });

  it('defaults to page 1 with 10 posts and filters by category', async () => {
    const all = blogListResponseSchema.parse((await get('/api/blog')).json());
    expect(all.posts).toHaveLength(10);
    const stories = blogListResponseSchema.parse((await get('/api/blog?category=Success%20Stories&limit=50')).json());
    expect(stories.total).toBeGreaterThan(0);
    expect(stories.posts.every((post) => post.category === 'Success Stories')).toBe(true);
    const none = blogListResponseSchema.parse((await get('/api/blog?category=Nothing')).json());
    expect(none).toMatchObject({ posts: [], total: 0, totalPages: 1 });
  });

  it.each([
    ['/api/blog?limit=0', 'limit: Limit must be at least 1'],
    ['/api/blog?limit=51', 'limit: Limit must be at most 50'],
    ['/api/blog?page=0', 'page: Page must be at least 1'],
    ['/api/blog?page=abc', 'page'],
  ])('rejects %s with 400 and a message', async (url, message) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('serves one published post; a draft, an unknown id or a non-id is "Blog post not found"', async () => {
    const [published] = blogListResponseSchema.parse((await get('/api/blog?limit=1')).json()).posts;
    const one = await get(`/api/blog/${published?._id}`);
    expect(one.statusCode).toBe(200);
    const post = blogPostResponseSchema.parse(one.json()).data.post;
    expect(post.content).toMatch(/<p>/);
    expect(post).toEqual({ ...published, content: post.content });

    const [draft] = await testApp.db.select().from(blogPosts).where(eq(blogPosts.published, false));
    for (const id of [draft?.id, '00000000-0000-4000-8000-000000000000', '1']) {
      const response = await get(`/api/blog/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Blog post not found' });
    }
  });

  it('lists the five default categories first, then others in use by published posts', async () => {
    await createPost({ title: 'Events post', category: 'Events' });
    await createPost({ title: 'Hidden category post', category: 'Secret', published: false });
    const body = blogCategoriesResponseSchema.parse((await get('/api/blog/categories')).json());
    expect(body.data.categories).toEqual(['General', 'Dating Tips', 'Features', 'Community', 'Success Stories', 'Events']);
  });
});

describe('admin blog', () => {
  it('refuses visitors (401) and users (403) on every admin endpoint', async () => {
    const [row] = await testApp.db.select().from(blogPosts).limit(1);
    const calls = [
      ['GET', '/api/blog/admin/all'],
      ['POST', '/api/blog/admin'],
      ['PUT', `/api/blog/admin/${row?.id}`],
      ['DELETE', `/api/blog/admin/${row?.id}`],
    ] as const;
    for (const [method, url] of calls) {
      const payload = method === 'POST' || method === 'PUT' ? { title: 'Nope' } : undefined;
      expect((await testApp.app.inject({ method, url, payload })).statusCode).toBe(401);
      expect((await testApp.app.inject({ method, url, payload, headers: bearer(userToken) })).statusCode).toBe(403);
    }
  });

  it('creates a post with SPEC defaults and records who did it', async () => {
    const post = await createPost({ title: '  Fresh news  ', content: '<p>Hello</p>' });
    expect(post).toMatchObject({
      title: 'Fresh news',
      readTime: '5 min read',
      category: 'General',
      published: true,
      featured: false,
      tags: [],
      content: '<p>Hello</p>',
    });
    expect(Date.now() - Date.parse(post.date)).toBeLessThan(60_000);
    const [entry] = await testApp.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, post._id));
    expect(entry).toMatchObject({ action: 'create-blog-post', targetType: 'blogPost', details: 'Created "Fresh news"' });
    // Newest first: it now leads the public list.
    const [first] = blogListResponseSchema.parse((await get('/api/blog?limit=1')).json()).posts;
    expect(first?._id).toBe(post._id);
  });

  it('sanitises the HTML body on write: no scripts, handlers, javascript: URLs or iframes', async () => {
    const post = await createPost({
      title: 'XSS attempt',
      content:
        '<h1>Big</h1><p onclick="alert(1)">Hi <a href="javascript:alert(2)">link</a> <a href="https://example.com" target="_blank">ok</a></p>' +
        '<script>alert(3)</script><iframe src="https://evil.example"></iframe><img src="x" onerror="alert(4)"><img src="/api/media/cover/a" alt="A">',
    });
    expect(post.content).toBe(
      '<h2>Big</h2><p>Hi <a>link</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a></p><img alt="" src="x" /><img alt="A" src="/api/media/cover/a" />',
    );
    const stored = blogPostResponseSchema.parse((await get(`/api/blog/${post._id}`)).json()).data.post;
    expect(stored.content).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
  });

  it('trims tags, drops empty and repeated ones, and keeps a given date', async () => {
    const post = await createPost({ title: 'Tagged', tags: [' radar ', '', 'radar', 'safety'], date: '2025-03-01', category: 'Dating Tips' });
    expect(post.tags).toEqual(['radar', 'safety']);
    expect(post.date).toBe('2025-03-01T00:00:00.000Z');
  });

  it.each([
    ['no title', { excerpt: 'x' }, 'title: Title is required'],
    ['a blank title', { title: '   ' }, 'title: Title is required'],
    ['a long title', { title: 'x'.repeat(201) }, 'title: Title must be at most 200 characters'],
    ['too many tags', { title: 'T', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags: At most 20 tags'],
    ['a long tag', { title: 'T', tags: ['x'.repeat(31)] }, 'tags.0: Each tag must be at most 30 characters'],
    ['a javascript: image', { title: 'T', image: 'javascript:alert(1)' }, 'image: Image must be a URL'],
    // Browsers read the backslash as a slash: this path leaves the site.
    ['an image path with a backslash', { title: 'T', image: '/\\evil.example/cover.png' }, 'image: Image must be a URL'],
    ['a bad date', { title: 'T', date: 'yesterday' }, 'date: Date must be an ISO date'],
    ['an unknown field', { title: 'T', views: 3 }, 'views: Unknown field'],
    ['published as text', { title: 'T', published: 'yes' }, 'published: Published must be true or false'],
  ])('rejects %s with 400 and a message', async (_case, payload, message) => {
    const response = await send('POST', '/api/blog/admin', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('updates a post, keeping its date when none is sent, and can unpublish it', async () => {
    const post = await createPost({ title: 'Before', date: '2025-05-05T10:00:00Z', tags: ['a'] });
    const response = await send('PUT', `/api/blog/admin/${post._id}`, { title: 'After', content: '<p>New</p>', published: false, tags: ['b'] });
    expect(response.statusCode, response.body).toBe(200);
    const body = blogMessageResponseSchema.parse(response.json());
    expect(body.message).toBe('Blog post updated successfully');
    expect(body.post).toMatchObject({ title: 'After', content: '<p>New</p>', published: false, tags: ['b'], date: '2025-05-05T10:00:00.000Z' });
    expect((await get(`/api/blog/${post._id}`)).statusCode).toBe(404);
    const [entry] = await testApp.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'update-blog-post'))
      .orderBy(desc(adminAuditLog.createdAt));
    expect(entry).toMatchObject({ targetId: post._id, details: 'Updated "After" (unpublished)' });
  });

  it('deletes a post with a message, then answers 404 for it', async () => {
    const post = await createPost({ title: 'Short-lived' });
    const response = await send('DELETE', `/api/blog/admin/${post._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Blog post deleted successfully' });
    expect((await send('DELETE', `/api/blog/admin/${post._id}`)).statusCode).toBe(404);
    expect((await send('PUT', `/api/blog/admin/${post._id}`, { title: 'Ghost' })).json()).toEqual({ success: false, message: 'Blog post not found' });
    const [entry] = await testApp.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'delete-blog-post'));
    expect(entry).toMatchObject({ targetId: post._id, details: 'Deleted "Short-lived"' });
  });

  it('lists every post for the admin, filtered by published and category', async () => {
    const all = adminBlogListResponseSchema.parse((await get('/api/blog/admin/all?limit=50', adminToken)).json());
    expect(all.posts.some((post) => !post.published)).toBe(true);
    // The editor opens a post from its row, so the admin list keeps the body.
    expect(all.posts.filter((post) => post.content.includes('<p>')).length).toBeGreaterThan(0);
    const drafts = adminBlogListResponseSchema.parse((await get('/api/blog/admin/all?published=false&limit=50', adminToken)).json());
    expect(drafts.total).toBeGreaterThan(0);
    expect(drafts.posts.every((post) => !post.published)).toBe(true);
    const secret = adminBlogListResponseSchema.parse((await get('/api/blog/admin/all?category=Secret', adminToken)).json());
    expect(secret.posts.map((post) => post.title)).toEqual(['Hidden category post']);
    const bad = await get('/api/blog/admin/all?published=maybe', adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('Published must be true or false');
  });
});
