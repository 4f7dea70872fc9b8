import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import pg from 'pg';

/** Just enough of a SQL client to read the database the killed server left behind. */
export interface SqlReader {
  rows<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * Opens PGlite's files the way the server does after a crash (recovery from
 * the write-ahead log happens here), with amcheck loaded to verify indexes.
 */
export async function openPgliteFiles(dataDir: string): Promise<SqlReader> {
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { cube, earthdistance, amcheck } });
  return {
    rows: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
    close: () => client.close(),
  };
}

export async function openPostgres(databaseUrl: string): Promise<SqlReader> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    rows: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
    close: () => client.end(),
  };
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Structural integrity, whatever was written: every table reads in full and
 * agrees with its count, every B-tree index matches its table (amcheck with
 * heapallindexed), and the invariants the product promises hold.
 */
export async function integrityProblems(db: SqlReader): Promise<string[]> {
  const problems: string[] = [];
  const tables = await db.rows<{ name: string }>(
    `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
     where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  if (tables.length < 10) problems.push(`only ${tables.length} tables found: ${tables.map((t) => t.name).join(', ')}`);
  for (const { name } of tables) {
    try {
      const [counted] = await db.rows<{ n: number }>(`select count(*)::int as n from ${name}`);
      const everyRow = await db.rows<Record<string, unknown>>(`select * from ${name}`);
      if (counted?.n !== everyRow.length) problems.push(`${name}: count(*) says ${counted?.n}, a full read returned ${everyRow.length} rows`);
    } catch (error) {
      problems.push(`${name}: full read failed: ${describeError(error)}`);
    }
  }

  await db.rows('create extension if not exists amcheck');
  const indexes = await db.rows<{ name: string }>(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name from pg_index i
     join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
     where a.amname = 'btree' and n.nspname in ('public', 'drizzle') order by 1`,
  );
  for (const { name } of indexes) {
    try {
      await db.rows('select bt_index_check($1::regclass, true)', [name]);
    } catch (error) {
      problems.push(`index ${name} does not match its table: ${describeError(error)}`);
    }
  }

  const duplicateMatches = await db.rows<{ pair: string }>(
    `select user_a_id || ' & ' || user_b_id as pair from matches group by user_a_id, user_b_id having count(*) > 1`,
  );
  for (const { pair } of duplicateMatches) problems.push(`duplicate match for ${pair}`);

  const onesidedMatches = await db.rows<{ id: string }>(
    `select m.id from matches m where
       not exists (select 1 from likes l where l.from_user_id = m.user_a_id and l.to_user_id = m.user_b_id and l.type in ('like', 'super'))
       or not exists (select 1 from likes l where l.from_user_id = m.user_b_id and l.to_user_id = m.user_a_id and l.type in ('like', 'super'))`,
  );
  for (const { id } of onesidedMatches) problems.push(`match ${id} without a like from each side`);

  // The conversation list reads each side's unread counter instead of counting: it must equal the count.
  const wrongUnread = await db.rows<{ id: string }>(
    `select c.id from conversations c where
       c.user_a_unread <> (select count(*) from messages m where m.conversation_id = c.id and m.seq > c.user_a_read_seq and m.sender_id <> c.user_a_id and m.kind <> 'call')
       or c.user_b_unread <> (select count(*) from messages m where m.conversation_id = c.id and m.seq > c.user_b_read_seq and m.sender_id <> c.user_b_id and m.kind <> 'call')`,
  );
  for (const { id } of wrongUnread) problems.push(`conversation ${id}: an unread counter differs from its messages`);

  // Admin writes and their audit entries share a transaction: one without the other is a torn write.
  const unaudited = await db.rows<{ what: string }>(
    `select 'blog post ' || p.id as what from blog_posts p where p.title like 'Durability %'
       and not exists (select 1 from admin_audit_log a where a.action = 'create-blog-post' and a.target_id = p.id::text)
     union all
     select 'ban of ' || u.username from users u where u.is_banned and u.email like '%@durability.test'
       and not exists (select 1 from admin_audit_log a where a.action = 'ban' and a.target_id = u.id::text)
     union all
     select 'VIP grant to ' || u.username from users u where u.is_vip and u.email like '%@durability.test'
       and not exists (select 1 from admin_audit_log a where a.action = 'make-vip' and a.target_id = u.id::text)
     union all
     select 'decision on withdrawal ' || w.id from withdrawals w where w.decided_by is not null
       and not exists (select 1 from admin_audit_log a where a.action in ('approve-withdrawal', 'reject-withdrawal') and a.target_id = w.id::text)`,
  );
  for (const { what } of unaudited) problems.push(`${what} has no audit entry`);
  return problems;
}
