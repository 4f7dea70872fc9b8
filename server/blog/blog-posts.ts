import { DEFAULT_BLOG_CATEGORIES, type BlogPost, type BlogPostData, type BlogPostSummary } from '../../contract/blog/posts';
import type { BlogPostRow, NewBlogPostRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { findPostRow, postRows, postSummaryRows, publishedCategories, type BlogPostSummaryRow, type PostListFilter } from './queries';
import { sanitizePostHtml } from './sanitize-post-html';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids that cannot exist (SPEC's static teaser links use /blog/1) are simply "not found". */
export function isPostId(id: string): boolean {
  return UUID_PATTERN.test(id);
}

export function toBlogPostSummary(row: BlogPostSummaryRow): BlogPostSummary {
  return {
    _id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    date: row.date.toISOString(),
    readTime: row.readTime,
    image: row.image,
    category: row.category,
    tags: row.tags,
    published: row.published,
    featured: row.featured,
  };
}

export function toBlogPostView(row: BlogPostRow): BlogPost {
  return { ...toBlogPostSummary(row), content: row.content };
}

export interface PostPage<Post> {
  posts: Post[];
  currentPage: number;
  totalPages: number;
  total: number;
}

/** A page past the end is empty but keeps its number. */
function pageOf<Row, Post>(filter: PostListFilter, found: { rows: Row[]; total: number }, toPost: (row: Row) => Post): PostPage<Post> {
  return {
    posts: found.rows.map(toPost),
    currentPage: filter.page,
    totalPages: Math.max(1, Math.ceil(found.total / filter.limit)),
    total: found.total,
  };
}

/** Whole posts, body included (the admin list, whose rows open the editor). */
export async function listPosts(db: OrbitDatabase, filter: PostListFilter): Promise<PostPage<BlogPost>> {
  return pageOf(filter, await postRows(db, filter), toBlogPostView);
}

/** Posts without their body (the public list and teasers); the body is never read from the database. */
export async function listPostSummaries(db: OrbitDatabase, filter: PostListFilter): Promise<PostPage<BlogPostSummary>> {
  return pageOf(filter, await postSummaryRows(db, filter), toBlogPostSummary);
}

export async function findPost(db: OrbitDatabase, id: string): Promise<BlogPostRow | undefined> {
  if (!isPostId(id)) return undefined;
  return findPostRow(db, id);
}

/** The default set first, in SPEC order, then any other category a published post uses. */
export async function listCategories(db: OrbitDatabase): Promise<string[]> {
  const used = await publishedCategories(db);
  const defaults: readonly string[] = DEFAULT_BLOG_CATEGORIES;
  const extra = used
    .filter((category) => category && !defaults.includes(category))
    .sort((a, b) => a.localeCompare(b));
  return [...defaults, ...extra];
}

/** The row values for a validated post: HTML sanitised, the date parsed or now. */
export function toPostRow(input: BlogPostData, now: Date): Omit<NewBlogPostRow, 'id' | 'createdAt' | 'updatedAt'> {
  return {
    title: input.title,
    excerpt: input.excerpt,
    content: sanitizePostHtml(input.content),
    author: input.author,
    date: input.date ? new Date(input.date) : now,
    readTime: input.readTime,
    image: input.image,
    category: input.category,
    tags: input.tags,
    published: input.published,
    featured: input.featured,
  };
}
