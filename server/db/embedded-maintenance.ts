import pg from 'pg';

/**
 * PGlite is PostgreSQL in single-user mode: there is no autovacuum launcher,
 * so nothing ever runs ANALYZE or VACUUM on the embedded database. Without
 * statistics the planner takes every table for nearly empty and picks plans
 * that re-scan a table once per row (the spin query took 17 ms of the
 * database's time per request on the seeded demo, 4 ms once analysed), and
 * without VACUUM every updated or deleted row stays on disk as a dead tuple.
 *
 * This is autovacuum's decision, made the way PostgreSQL's defaults make it
 * (autovacuum_*_threshold and *_scale_factor), for the app to run on a timer.
 */

/** Like autovacuum_naptime: how often the tables are looked at. */
export const MAINTENANCE_INTERVAL_MS = 60_000;

// PostgreSQL's defaults for autovacuum_analyze_*, autovacuum_vacuum_*,
// autovacuum_vacuum_insert_* and autovacuum_freeze_max_age.
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE_FACTOR = 0.2;
const VACUUM_INSERT_THRESHOLD = 1000;
const VACUUM_INSERT_SCALE_FACTOR = 0.2;
const FREEZE_MAX_AGE = 200_000_000;

export interface TableMaintenance {
  table: string;
  /** VACUUM (ANALYZE) when dead rows, inserts since the last vacuum or the table's transaction-id age call for it; ANALYZE alone otherwise. */
  action: 'vacuum' | 'analyze';
}

interface TableStatistics {
  table: string;
  liveRows: number;
  deadRows: number;
  modifiedSinceAnalyze: number;
  insertedSinceVacuum: number;
  freezeAge: number;
}

/** What autovacuum would do to each table now; tables that need nothing are left out. */
export function tablesDueForMaintenance(tables: readonly TableStatistics[]): TableMaintenance[] {
  return tables.flatMap((stats): TableMaintenance[] => {
    const vacuum =
      stats.deadRows > VACUUM_THRESHOLD + VACUUM_SCALE_FACTOR * stats.liveRows ||
      stats.insertedSinceVacuum > VACUUM_INSERT_THRESHOLD + VACUUM_INSERT_SCALE_FACTOR * stats.liveRows ||
      stats.freezeAge > FREEZE_MAX_AGE;
    if (vacuum) return [{ table: stats.table, action: 'vacuum' }];
    if (stats.modifiedSinceAnalyze > ANALYZE_THRESHOLD + ANALYZE_SCALE_FACTOR * stats.liveRows) return [{ table: stats.table, action: 'analyze' }];
    return [];
  });
}

interface StatisticsRow {
  table: string;
  live_rows: string;
  dead_rows: string;
  modified_since_analyze: string;
  inserted_since_vacuum: string;
  freeze_age: string;
}

async function readTableStatistics(pool: pg.Pool): Promise<TableStatistics[]> {
  // The counters of the last statements are flushed at most once a second
  // and only when the backend goes idle; ask for the flush, then read.
  await pool.query('select pg_stat_force_next_flush()');
  const { rows } = await pool.query<StatisticsRow>(
    `select s.relname as table, s.n_live_tup as live_rows, s.n_dead_tup as dead_rows,
            s.n_mod_since_analyze as modified_since_analyze, s.n_ins_since_vacuum as inserted_since_vacuum,
            age(c.relfrozenxid) as freeze_age
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public'`,
  );
  return rows.map((row) => ({
    table: row.table,
    liveRows: Number(row.live_rows),
    deadRows: Number(row.dead_rows),
    modifiedSinceAnalyze: Number(row.modified_since_analyze),
    insertedSinceVacuum: Number(row.inserted_since_vacuum),
    freezeAge: Number(row.freeze_age),
  }));
}

/** One autovacuum round: vacuums and analyses the tables that are due, one by one, and says what it did. */
export async function maintainTables(pool: pg.Pool): Promise<TableMaintenance[]> {
  const due = tablesDueForMaintenance(await readTableStatistics(pool));
  for (const { table, action } of due) {
    const name = pg.escapeIdentifier(table);
    await pool.query(action === 'vacuum' ? `vacuum (analyze) ${name}` : `analyze ${name}`);
  }
  return due;
}
