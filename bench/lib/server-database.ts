// The databases a server bench runs on (--db=postgres|pglite|both): a fresh PostgreSQL database
// beside BENCH_DATABASE_URL and/or a PGlite directory, each with its own data directory, removed after.
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
};

export const argValue = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;

export async function onServerDatabases(
  which: string,
  run: (kind: 'postgres' | 'pglite', db: ServerDatabase) => Promise<void>,
) {
  if (which === 'postgres' || which === 'both') {
    const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = `quayside_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qs-bench-'));
    try {
      await run('postgres', {
        open: () => openPostgres(url.toString()),
        env: { DATABASE_URL: url.toString(), QUAYSIDE_DATA_DIR: dataDir },
        baselineTarget: url.toString(),
        dataDir,
      });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
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
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
