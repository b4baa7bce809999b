// The databases a server bench runs on (--db=postgres|pglite|both): a fresh PostgreSQL database
// beside BENCH_DATABASE_URL and/or a PGlite directory, each with its own data directory, removed after.
// --keep-db=<name> (PostgreSQL only): the database of that name is kept after the run, and a later run
// with the same seed (`seed` below: same counts) reuses it instead of seeding again (1M emails: minutes).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../apps/server/src/db/client';

export type ServerDatabase = {
  open(): Promise<Database>;
  /** What the server needs to run on it. */
  env: NodeJS.ProcessEnv;
  /** What the baseline handler opens: the PostgreSQL URL or the PGlite directory. */
  baselineTarget: string;
  dataDir: string;
  /**
   * Runs `load` unless this kept database already holds the seed named `key` (then only its
   * migrations run, so a new migration's backfill meets the whole bench data).
   */
  seed(database: Database, key: string, load: () => Promise<void>): Promise<void>;
};

/** A kept database remembers what was loaded into it in a table of its own. */
async function seededWith(database: Database): Promise<string | null> {
  await database.query('CREATE TABLE IF NOT EXISTS bench_seed (key text NOT NULL)');
  const { rows } = await database.query<{ key: string }>('SELECT key FROM bench_seed');
  return rows[0]?.key ?? null;
}

const seedEveryTime = async (_database: Database, _key: string, load: () => Promise<void>) => load();

export const argValue = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;

export async function onServerDatabases(
  which: string,
  run: (kind: 'postgres' | 'pglite', db: ServerDatabase) => Promise<void>,
) {
  if (which === 'postgres' || which === 'both') {
    const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const kept = argValue('keep-db', '');
    if (kept && !/^[a-z_][a-z0-9_]*$/.test(kept)) throw new Error('--keep-db: a lower-case SQL name');
    const name = kept || `quayside_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qs-bench-'));
    try {
      await run('postgres', {
        open: () => openPostgres(url.toString()),
        env: { DATABASE_URL: url.toString(), QUAYSIDE_DATA_DIR: dataDir },
        baselineTarget: url.toString(),
        dataDir,
        seed: kept
          ? async (database, key, load) => {
              const before = await seededWith(database);
              if (before === key) {
                console.log(`kept database ${name}: already seeded (${key})`);
                return;
              }
              if (before !== null) throw new Error(`${name} holds another seed (${before}): drop it first`);
              await load();
              await database.query('INSERT INTO bench_seed (key) VALUES ($1)', [key]);
            }
          : seedEveryTime,
      });
    } finally {
      if (!kept) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (which === 'pglite' || which === 'both') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qs-bench-'));
    try {
      await run('pglite', {
        open: () => openPglite(path.join(dataDir, 'db')),
        env: { QUAYSIDE_DATA_DIR: dataDir },
        baselineTarget: path.join(dataDir, 'db'),
        dataDir,
        seed: seedEveryTime,
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
