import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  adminBlogListQuerySchema,
  adminBlogListResponseSchema,
  BLOG_POST_NOT_FOUND,
  blogCategoriesResponseSchema,
  blogListQuerySchema,
  blogListResponseSchema,
  blogMessageResponseSchema,
  blogPostInputSchema,
  blogPostParamsSchema,
  blogPostResponseSchema,
} from '../../contract/blog/posts';
import { findPost, listCategories, listPosts, listPostSummaries, toBlogPostView, toPostRow } from './blog-posts';
import { deletePost, insertPost, updatePost } from './queries';
import { signedInUser } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import { PUBLIC_REVALIDATE } from '../plugins/response-cache';
import { bearerSecurity, errorResponses } from '../lib/error-responses';

/** Audit details quote the title, shortened so one entry stays one line. */
function quoted(title: string): string {
  return `"${title.length > 80 ? `${title.slice(0, 79)}…` : title}"`;
}

const blogRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  // What visitors read (list, categories, one post) changes only through the admin routes below.
  const publishedCache = app.createResponseCache({ cacheControl: PUBLIC_REVALIDATE });

  app.get(
    '/blog',
    {
      ...publishedCache.routeHooks,
      schema: {
        tags: ['blog'],
        summary: 'Published posts, newest first, one page at a time (without their HTML body)',
        querystring: blogListQuerySchema,
        response: { 200: blogListResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => ({ success: true as const, ...(await listPostSummaries(app.db, { ...request.query, published: true })) }),
  );

  app.get(
    '/blog/categories',
    {
      ...publishedCache.routeHooks,
      schema: {
        tags: ['blog'],
        summary: 'Category names: the five defaults, then any other in use',
        response: { 200: blogCategoriesResponseSchema, ...errorResponses() },
      },
    },
    async () => ({ success: true as const, data: { categories: await listCategories(app.db) } }),
  );

  app.get(
    '/blog/:id',
    {
      ...publishedCache.routeHooks,
      schema: {
        tags: ['blog'],
        summary: 'One published post',
        params: blogPostParamsSchema,
        response: { 200: blogPostResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const row = await findPost(app.db, request.params.id);
      if (!row?.published) throw new HttpError(404, BLOG_POST_NOT_FOUND);
      return { success: true as const, data: { post: toBlogPostView(row) } };
    },
  );

  app.get(
    '/blog/admin/all',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['blog'],
        summary: 'Admin: every post, drafts included, filtered by category and published',
        security: bearerSecurity,
        querystring: adminBlogListQuerySchema,
        response: { 200: adminBlogListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, ...(await listPosts(app.db, request.query)) }),
  );

  app.post(
    '/blog/admin',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['blog'],
        summary: 'Admin: create a post (HTML body is sanitised)',
        security: bearerSecurity,
        body: blogPostInputSchema,
        response: { 201: blogMessageResponseSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      const admin = signedInUser(request);
      const row = await insertPost(app.db, admin.id, toPostRow(request.body, new Date()), (created) => `Created ${quoted(created.title)}`);
      const post = toBlogPostView(row);
      publishedCache.invalidate();
      return reply.code(201).send({ success: true as const, message: 'Blog post created successfully', post });
    },
  );

  app.put(
    '/blog/admin/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['blog'],
        summary: 'Admin: replace a post (fields left out take their defaults; the date is kept)',
        security: bearerSecurity,
        params: blogPostParamsSchema,
        body: blogPostInputSchema,
        response: { 200: blogMessageResponseSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const admin = signedInUser(request);
      const existing = await findPost(app.db, request.params.id);
      if (!existing) throw new HttpError(404, BLOG_POST_NOT_FOUND);
      const { date, ...values } = toPostRow(request.body, existing.date);
      const row = await updatePost(
        app.db,
        admin.id,
        existing.id,
        { ...values, date: request.body.date ? date : existing.date },
        (updated) => `Updated ${quoted(updated.title)}${updated.published === existing.published ? '' : updated.published ? ' (published)' : ' (unpublished)'}`,
      );
      if (!row) throw new HttpError(404, BLOG_POST_NOT_FOUND);
      const post = toBlogPostView(row);
      publishedCache.invalidate();
      return { success: true as const, message: 'Blog post updated successfully', post };
    },
  );

  app.delete(
    '/blog/admin/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['blog'],
        summary: 'Admin: delete a post',
        security: bearerSecurity,
        params: blogPostParamsSchema,
        response: { 200: blogMessageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const admin = signedInUser(request);
      const existing = await findPost(app.db, request.params.id);
      if (!existing) throw new HttpError(404, BLOG_POST_NOT_FOUND);
      if (!(await deletePost(app.db, admin.id, existing, `Deleted ${quoted(existing.title)}`))) throw new HttpError(404, BLOG_POST_NOT_FOUND);
      publishedCache.invalidate();
      return { success: true as const, message: 'Blog post deleted successfully' };
    },
  );
  done();
};

export default blogRoutes;
