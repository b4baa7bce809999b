import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

/**
 * Both drivers give the same query builder; the node-postgres type stands for both so that
 * services are written once.
 */
export type Db = NodePgDatabase<typeof schema>;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL with $1 placeholders, for pg-boss and the few statements drizzle does not model. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
};

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

let wasmTierChosen = false;

/**
 * PGlite is PostgreSQL compiled to WebAssembly. V8 compiles it twice by default: a quick baseline
 * (Liftoff) at once, then its optimizing compiler (TurboFan) for the functions that run hot. The
 * second tier costs ~60 MB of resident memory (its code and the compiler's working memory, kept by
 * the allocator) for ~10 % on long queries (bench/idle-memory.ts, docs/decisions/platform.md): the embedded
 * database keeps the baseline only, unless QUAYSIDE_PGLITE_OPTIMIZE=1. A V8 flag is process-wide
 * and must be set before the module is compiled, hence once, before the first open.
 */
function chooseWasmTier(): void {
  if (wasmTierChosen) return;
  wasmTierChosen = true;
  if (process.env.QUAYSIDE_PGLITE_OPTIMIZE !== '1') setFlagsFromString('--liftoff-only');
}

/**
 * `dataDir` undefined = in memory (tests); a folder = persistent. `loadDataDir` starts from a dumped
 * data directory (the test suites' migrated template) instead of a new cluster.
 */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  chooseWasmTier();
  const client = await PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm },
    // Postgres's default 128 MB of shared buffers live in the WebAssembly heap, and PGlite touches
    // them all: 32 MB keeps an idle server ~100 MB smaller (bench/idle-memory.ts); the files behind
    // them stay in the operating system's cache.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    query: async <T>(text: string, params?: unknown[]) => {
      const res = await client.query<T>(text, params);
      return { rows: res.rows };
    },
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client whose connection drops emits 'error' on the pool; unheard, it would end the process.
  // The pool replaces the client on the next query.
  pool.on('error', (err) => console.error('[db] idle connection lost:', err.message));
  const db = drizzlePg(pool, { schema });
  return {
    kind: 'postgres',
    db,
    pool,
    query: async <T>(text: string, params?: unknown[]) => {
      const res = await pool.query(text, params);
      return { rows: res.rows as T[] };
    },
    close: () => pool.end(),
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  await database.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  if (database.pglite) {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder });
  } else {
    await migratePg(database.db, { migrationsFolder });
  }
}
