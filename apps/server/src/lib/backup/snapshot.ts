import type { Database } from '../../db/client';

export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<{ rows: T[] }>;

/** Session settings that make text output the same on both engines and readable back by either. */
export const SESSION_SETTINGS = [
  "SET TIME ZONE 'UTC'",
  'SET DateStyle = ISO',
  'SET IntervalStyle = postgres',
  'SET extra_float_digits = 3',
  'SET standard_conforming_strings = on',
];

/**
 * Runs `work` in one transaction on one connection: PostgreSQL takes a client from the pool (the
 * pool would spread statements over several). PGlite has one connection for the whole server: its
 * `transaction` holds it exclusively, so requests of a running server wait until the work is done
 * instead of running their statements inside it (a backup taken by the running server).
 */
export async function inTransaction<T>(
  database: Database,
  begin: string,
  work: (query: Query) => Promise<T>,
): Promise<T> {
  if (database.pglite) {
    return database.pglite.transaction(async (tx) => {
      const query: Query = async <R>(text: string, params?: unknown[]) => ({
        rows: (await tx.query<R>(text, params)).rows,
      });
      // PGlite has begun the transaction: the rest of `begin` (isolation, read only) becomes SET TRANSACTION.
      const modes = begin.replace(/^BEGIN\s*/i, '');
      if (modes) await query(`SET TRANSACTION ${modes}`);
      for (const setting of SESSION_SETTINGS) await query(setting.replace(/^SET /, 'SET LOCAL '));
      return work(query);
    });
  }
  const client = await (database.pool as NonNullable<Database['pool']>).connect();
  const query: Query = async <R>(text: string, params?: unknown[]) => ({
    rows: (await client.query(text, params)).rows as R[],
  });
  try {
    await query(begin);
    for (const setting of SESSION_SETTINGS) await query(setting.replace(/^SET /, 'SET LOCAL '));
    const result = await work(query);
    await query('COMMIT');
    return result;
  } catch (err) {
    await query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

export type TableInfo = { name: string; columns: string[]; serials: string[]; dependsOn: string[] };

/** The app's tables (schema public) with their stored columns, in an order where referenced tables come first. */
export async function listTables(query: Query): Promise<TableInfo[]> {
  const { rows: cols } = await query<{ table: string; column: string; serial: boolean }>(`
    SELECT c.relname AS table, a.attname AS column,
      pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL AS serial
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
      AND a.attgenerated = ''
    ORDER BY c.relname, a.attnum`);
  const { rows: fks } = await query<{ table: string; references: string }>(`
    SELECT c.relname AS table, r.relname AS references
    FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE k.contype = 'f' AND n.nspname = 'public' AND c.oid <> r.oid`);
  const tables = new Map<string, TableInfo>();
  for (const c of cols) {
    const t = tables.get(c.table) ?? { name: c.table, columns: [], serials: [], dependsOn: [] };
    t.columns.push(c.column);
    if (c.serial) t.serials.push(c.column);
    tables.set(c.table, t);
  }
  for (const fk of fks) tables.get(fk.table)?.dependsOn.push(fk.references);
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    const t = tables.get(name);
    if (!t || placed.has(name) || path.has(name)) return; // a cycle: restore relies on deferred checks
    path.add(name);
    for (const dep of t.dependsOn) visit(dep, path);
    placed.add(name);
    ordered.push(t);
  };
  for (const name of [...tables.keys()].sort()) visit(name, new Set());
  return ordered;
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** How many migrations the database has applied (drizzle's journal table). */
export async function migrationLevel(query: Query): Promise<number> {
  const { rows } = await query<{ n: string }>(`SELECT count(*)::text AS n FROM drizzle.__drizzle_migrations`);
  return Number(rows[0]?.n ?? 0);
}
