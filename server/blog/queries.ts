import { and, count, desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { recordAdminAction } from '../admin/queries/audit';
import { blogPosts, newsletterSubscribers, type BlogPostRow, type NewBlogPostRow } from '../db/schema';
import type { OrbitDatabase } from '../db/types';

/** The columns a summary needs: all but the HTML body, which is by far the largest. */
const { content: _bodyColumn, ...summaryColumns } = getTableColumns(blogPosts);
export type BlogPostSummaryRow = Omit<BlogPostRow, 'content'>;

export interface PostListFilter {
  page: number;
  limit: number;
  category?: string;
  published?: boolean;
}

const NEWEST_FIRST = [desc(blogPosts.date), desc(blogPosts.createdAt), desc(blogPosts.id)];

/** One page of the filtered posts, newest first, and how many there are in all. */
async function pageOfPosts<Query extends PgSelect>(
  db: OrbitDatabase,
  filter: PostListFilter,
  posts: Query,
): Promise<{ rows: Awaited<Query>[number][]; total: number }> {
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
  return { rows, total: totals?.total ?? 0 };
}

/** Whole posts, body included. */
export function postRows(db: OrbitDatabase, filter: PostListFilter) {
  return pageOfPosts(db, filter, db.select().from(blogPosts).$dynamic());
}

/** Posts without their body: the body is never read from the database. */
export function postSummaryRows(db: OrbitDatabase, filter: PostListFilter) {
  return pageOfPosts(db, filter, db.select(summaryColumns).from(blogPosts).$dynamic());
}

export async function findPostRow(db: OrbitDatabase, id: string): Promise<BlogPostRow | undefined> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return row;
}

/** Every category a published post uses, in no order. */
export async function publishedCategories(db: OrbitDatabase): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: blogPosts.category })
    .from(blogPosts)
    .where(eq(blogPosts.published, true));
  return rows.map((row) => row.category);
}

/** What the audit log says of a post change, given the post as it is afterwards. */
type AuditDetails = (row: BlogPostRow) => string;

/** A new post and its audit entry, together. */
export async function insertPost(db: OrbitDatabase, adminId: string, values: Omit<NewBlogPostRow, 'id' | 'createdAt' | 'updatedAt'>, details: AuditDetails): Promise<BlogPostRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(blogPosts).values(values).returning();
    if (!row) throw new Error('Insert returned no row');
    await recordAdminAction(tx, {
      adminId,
      action: 'create-blog-post',
      targetType: 'blogPost',
      targetId: row.id,
      details: details(row),
    });
    return row;
  });
}

/** Replaces a post and writes its audit entry, together; undefined when the post is gone. */
export async function updatePost(db: OrbitDatabase, adminId: string, id: string, values: Partial<NewBlogPostRow>, details: AuditDetails): Promise<BlogPostRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(blogPosts).set(values).where(eq(blogPosts.id, id)).returning();
    if (!row) return undefined;
    await recordAdminAction(tx, {
      adminId,
      action: 'update-blog-post',
      targetType: 'blogPost',
      targetId: row.id,
      details: details(row),
    });
    return row;
  });
}

/** Deletes a post and writes its audit entry, together; false when the post was gone already. */
export async function deletePost(db: OrbitDatabase, adminId: string, post: BlogPostRow, details: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(blogPosts).where(eq(blogPosts.id, post.id)).returning({ id: blogPosts.id });
    if (deleted.length === 0) return false;
    await recordAdminAction(tx, {
      adminId,
      action: 'delete-blog-post',
      targetType: 'blogPost',
      targetId: post.id,
      details,
    });
    return true;
  });
}

/** Each address is stored once; a repeat changes nothing. */
export async function addNewsletterSubscriber(db: OrbitDatabase, email: string): Promise<void> {
  await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing({ target: newsletterSubscribers.email });
}
