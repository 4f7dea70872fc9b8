import { z } from 'zod';
import { BLOG_POST_NOT_FOUND, DEFAULT_BLOG_CATEGORY, DEFAULT_BLOG_PAGE_SIZE, DEFAULT_READ_TIME, MAX_BLOG_PAGE_SIZE } from '../constants';
import { isSitePathOrWebUrl } from '../site-url';

// The blog's plain constants live in ./constants (no zod there, so the web
// app can read them cheaply); re-exported so importers of this module keep working.
export {
  BLOG_POST_NOT_FOUND,
  DEFAULT_BLOG_CATEGORIES,
  DEFAULT_BLOG_CATEGORY,
  DEFAULT_BLOG_PAGE_SIZE,
  DEFAULT_READ_TIME,
  MAX_BLOG_PAGE_SIZE,
  PUBLIC_BLOG_PAGE_SIZE,
} from '../constants';

/** A blog post as the API sends it (SPEC section 3). `date` is an ISO 8601 timestamp. */
export const blogPostSchema = z.object({
  _id: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  author: z.string(),
  date: z.string(),
  readTime: z.string(),
  image: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  published: z.boolean(),
  featured: z.boolean(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/** An absolute http(s) URL or a path on this site (the app serves its own images). */
const imageSchema = z
  .string({ message: 'Image must be text' })
  .trim()
  .max(500, 'Image must be at most 500 characters')
  .refine((value) => value === '' || isSitePathOrWebUrl(value), {
    message: 'Image must be a URL (http or https) or a path starting with /',
  });

/** Accepts a full ISO timestamp or a plain YYYY-MM-DD date (what a date input gives). */
const postDateSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()], {
  message: 'Date must be an ISO date such as 2026-01-31 or 2026-01-31T09:00:00Z',
});

/** SPEC section 5: tags are trimmed and empty ones dropped; repeats are dropped too. */
const tagsSchema = z
  .array(z.string({ message: 'Each tag must be text' }).trim().max(30, 'Each tag must be at most 30 characters'), {
    message: 'Tags must be a list of text',
  })
  .max(20, 'At most 20 tags')
  .transform((tags) => [...new Set(tags.filter((tag) => tag !== ''))]);

/** The body of POST /blog/admin and PUT /blog/admin/:id: the whole post, with SPEC defaults. */
export const blogPostInputSchema = z.strictObject({
  title: z
    .string({ message: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters'),
  excerpt: z.string({ message: 'Excerpt must be text' }).trim().max(500, 'Excerpt must be at most 500 characters').default(''),
  content: z.string({ message: 'Content must be text' }).max(100_000, 'Content must be at most 100,000 characters').default(''),
  author: z.string({ message: 'Author must be text' }).trim().max(100, 'Author must be at most 100 characters').default(''),
  date: postDateSchema.optional(),
  readTime: z
    .string({ message: 'Read time must be text' })
    .trim()
    .max(30, 'Read time must be at most 30 characters')
    .transform((value) => value || DEFAULT_READ_TIME)
    .default(DEFAULT_READ_TIME),
  image: imageSchema.default(''),
  category: z
    .string({ message: 'Category must be text' })
    .trim()
    .max(50, 'Category must be at most 50 characters')
    .transform((value) => value || DEFAULT_BLOG_CATEGORY)
    .default(DEFAULT_BLOG_CATEGORY),
  tags: tagsSchema.default([]),
  published: z.boolean({ message: 'Published must be true or false' }).default(true),
  featured: z.boolean({ message: 'Featured must be true or false' }).default(false),
});
/** What the editor sends (defaults may be left out). */
export type BlogPostInput = z.input<typeof blogPostInputSchema>;
/** What the server stores after defaults and trimming. */
export type BlogPostData = z.output<typeof blogPostInputSchema>;

const pageSchema = z.coerce
  .number({ message: 'Page must be a number' })
  .int('Page must be a whole number')
  .min(1, 'Page must be at least 1')
  .max(100_000, 'Page is too large')
  .default(1);
const limitSchema = z.coerce
  .number({ message: 'Limit must be a number' })
  .int('Limit must be a whole number')
  .min(1, 'Limit must be at least 1')
  .max(MAX_BLOG_PAGE_SIZE, `Limit must be at most ${MAX_BLOG_PAGE_SIZE}`)
  .default(DEFAULT_BLOG_PAGE_SIZE);
const categoryFilterSchema = z.string().trim().max(50, 'Category must be at most 50 characters').optional();

export const blogListQuerySchema = z.object({
  page: pageSchema,
  limit: limitSchema,
  category: categoryFilterSchema,
});
/** The list query as a caller builds it (the server coerces the search-string values). */
export interface BlogListQuery {
  page?: number;
  limit?: number;
  category?: string;
}

export const adminBlogListQuerySchema = blogListQuerySchema.extend({
  published: z
    .enum(['true', 'false'], { message: 'Published must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
export interface AdminBlogListQuery extends BlogListQuery {
  published?: boolean;
}

/** A post id in a path. Any text is accepted so an unknown id reads 'Blog post not found', not a format error. */
export const blogPostParamsSchema = z.object({ id: z.string().max(100, BLOG_POST_NOT_FOUND) });

/**
 * A post as the public lists show it: every field but the HTML body. Cards
 * and teasers never show the body, and leaving it out makes a page of nine
 * posts about a third of the size (the post's own page fetches the body).
 */
export const blogPostSummarySchema = blogPostSchema.omit({ content: true });
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

/** SPEC section 7: the paged list keeps posts, currentPage, totalPages and total at the top level. */
export const blogListResponseSchema = z.object({
  success: z.literal(true),
  posts: z.array(blogPostSummarySchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type BlogListResponse = z.infer<typeof blogListResponseSchema>;

/** The admin list carries whole posts: the editor opens a post from its row. */
export const adminBlogListResponseSchema = blogListResponseSchema.extend({ posts: z.array(blogPostSchema) });
export type AdminBlogListResponse = z.infer<typeof adminBlogListResponseSchema>;

export const blogPostResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ post: blogPostSchema }),
});
export type BlogPostResponse = z.infer<typeof blogPostResponseSchema>;

export const blogCategoriesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ categories: z.array(z.string()) }),
});
export type BlogCategoriesResponse = z.infer<typeof blogCategoriesResponseSchema>;

/** Admin writes answer with a message (SPEC section 7), plus the stored post for create and update. */
export const blogMessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  post: blogPostSchema.optional(),
});
export type BlogMessageResponse = z.infer<typeof blogMessageResponseSchema>;
