import { and, count, desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import { DEFAULT_BLOG_CATEGORIES, type BlogPost, type BlogPostData, type BlogPostSummary } from '../../contract/blog';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { blogPosts, type BlogPostRow, type NewBlogPostRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';
import { sanitizePostHtml } from './sanitize-post-html';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids that cannot exist (SPEC's static teaser links use /blog/1) are simply "not found". */
export function isPostId(id: string): boolean {
  return UUID_PATTERN.test(id);
}

/** The columns a summary needs: all but the HTML body, which is by far the largest. */
const { content: _bodyColumn, ...summaryColumns } = getTableColumns(blogPosts);
type BlogPostSummaryRow = Omit<BlogPostRow, 'content'>;

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

export interface PostListFilter {
  page: number;
  limit: number;
  category?: string;
  published?: boolean;
}

export interface PostPage<Post> {
  posts: Post[];
  currentPage: number;
  totalPages: number;
  total: number;
}

const NEWEST_FIRST = [desc(blogPosts.date), desc(blogPosts.createdAt), desc(blogPosts.id)];

/** Newest first; a page past the end is empty but keeps its number. */
async function pageOfPosts<Query extends PgSelect, Post>(
  db: OrbitDatabase,
  filter: PostListFilter,
  posts: Query,
  toPost: (row: Awaited<Query>[number]) => Post,
): Promise<PostPage<Post>> {
  const conditions: SQL[] = [];
  if (filter.category) conditions.push(eq(blogPosts.category, filter.category));
  if (filter.published !== undefined) conditions.push(eq(blogPosts.published, filter.published));
  const where = conditions.length ? and(...conditions) : undefined;

  const [totals] = await db.select({ total: count() }).from(blogPosts).where(where);
  const rows = await posts
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const total = totals?.total ?? 0;
  return {
    posts: rows.map(toPost),
    currentPage: filter.page,
    totalPages: Math.max(1, Math.ceil(total / filter.limit)),
    total,
  };
}

/** Whole posts, body included (the admin list, whose rows open the editor). */
export function listPosts(db: OrbitDatabase, filter: PostListFilter): Promise<PostPage<BlogPost>> {
  return pageOfPosts(db, filter, db.select().from(blogPosts).$dynamic(), toBlogPostView);
}

/** Posts without their body (the public list and teasers); the body is never read from the database. */
export function listPostSummaries(db: OrbitDatabase, filter: PostListFilter): Promise<PostPage<BlogPostSummary>> {
  return pageOfPosts(db, filter, db.select(summaryColumns).from(blogPosts).$dynamic(), toBlogPostSummary);
}

export async function findPost(db: OrbitDatabase, id: string): Promise<BlogPostRow | undefined> {
  if (!isPostId(id)) return undefined;
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return row;
}

/** The default set first, in SPEC order, then any other category a published post uses. */
export async function listCategories(db: OrbitDatabase): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: blogPosts.category })
    .from(blogPosts)
    .where(eq(blogPosts.published, true));
  const defaults: readonly string[] = DEFAULT_BLOG_CATEGORIES;
  const extra = rows
    .map((row) => row.category)
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
