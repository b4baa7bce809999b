// The database a bench runs on: in-memory PGlite, or a fresh PostgreSQL database beside
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), dropped by `drop`.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, migrateDatabase, openPglite, openPostgres } from '../../apps/server/src/db/client';

export async function openBenchDatabase(
  kind: 'pglite' | 'postgres',
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openPglite(undefined);
    await migrateDatabase(database);
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `qs_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 10);
  await migrateDatabase(database);
  return {
    database,
    async drop() {
      await database.close();
      // The pool's connections end asynchronously: let them go before the drop would kill them.
      for (let i = 0; i < 50; i++) {
        const open = await admin.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1', [name]);
        if (open.rowCount === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
