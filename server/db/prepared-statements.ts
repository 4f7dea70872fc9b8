import type { OrbitDatabase } from './types';

// Statements the busiest signed-in routes run on every request (the radar,
// Spin, Discover, Matches) are built once per database and kept under a name. Drizzle then
// skips rebuilding their SQL (about a tenth of a request's CPU on the Node
// side), and node-postgres sends them as named prepared statements, so each
// connection, PGlite's included, parses them once instead of every time.

/** NAMEDATALEN - 1: the longest name PostgreSQL keeps whole. */
const MAX_STATEMENT_NAME_LENGTH = 63;

const statementsByDatabase = new WeakMap<OrbitDatabase, Map<string, unknown>>();

/**
 * The statement `prepare` makes for `name`, made on the first call for this
 * database and reused after. A name stands for one SQL text: PostgreSQL
 * keeps a named statement per connection, and node-postgres refuses a second
 * text under a name it has already prepared. So a query whose text varies
 * (the number of boxes round the radar's cap, the filters given to Spin)
 * puts that variation in its name.
 */
export function preparedOnce<Statement>(db: OrbitDatabase, name: string, prepare: (name: string) => Statement): Statement {
  // PostgreSQL cuts longer names to 63 bytes, so two statements would share one and the second fail.
  if (name.length > MAX_STATEMENT_NAME_LENGTH) throw new Error(`Statement name over ${MAX_STATEMENT_NAME_LENGTH} characters: ${name}`);
  let statements = statementsByDatabase.get(db);
  if (!statements) {
    statements = new Map();
    statementsByDatabase.set(db, statements);
  }
  if (!statements.has(name)) statements.set(name, prepare(name));
  return statements.get(name) as Statement;
}
