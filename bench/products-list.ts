// Product list under load (search + category filter), against a bare node-postgres/PGlite handler
// running the same SQL as the baseline; then the export of every product.
//   npx tsx bench/products-list.ts [--db=postgres|pglite|both] [--rows=20000] [--seconds=20] [--clients=20]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database is made beside it).
import path from 'node:path';
import { DEFAULT_ADMIN_PASSWORD } from '../apps/server/src/config';
import { type Database, migrateDatabase } from '../apps/server/src/db/client';
import { createFileStore } from '../apps/server/src/lib/files';
import { MAX_EXPORT_PICTURES } from '../apps/server/src/modules/products/spreadsheet-export';
import { ensureFirstAdmin } from '../apps/server/src/modules/users/service';
import { runLoad } from './lib/load';
import { seedProducts } from './lib/seed-products';
import { argValue, onServerDatabases } from './lib/server-database';
import {
  BENCH_ADMIN_PASSWORD,
  loadBaseline,
  loginHeaders,
  SERVER_MAIN,
  startScript,
  statusMb,
  stop,
  waitFor,
} from './lib/server-process';

const arg = argValue;
const which = arg('db', 'both');
const rows = Number(arg('rows', '20000'));
const seconds = Number(arg('seconds', '20'));
const clients = Number(arg('clients', '20'));
const listQuery = (category: number) => `q=steel&category=${category}&sort=-created_at&page=1&page_size=20`;

async function measure(
  kind: 'postgres' | 'pglite',
  prepare: () => Promise<{ env: NodeJS.ProcessEnv; baselineTarget: string; category: number }>,
) {
  console.log(`\n## ${kind}: ${rows.toLocaleString()} products with pictures`);
  const t0 = performance.now();
  const { env, baselineTarget, category } = await prepare();
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const query = listQuery(category);

  const port = 18_000 + Math.floor(Math.random() * 1000);
  const server = startScript(SERVER_MAIN, [], {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health/`);
  const headers = await loginHeaders(base);
  const first = (await (await fetch(`${base}/api/product/list/?${query}`, { headers })).json()) as {
    data: { total: number };
  };
  await runLoad(`${base}/api/product/list/?${query}`, headers, clients, 2); // warm-up
  const app = await runLoad(`${base}/api/product/list/?${query}`, headers, clients, seconds);

  const before = statusMb(server.pid!, 'VmRSS');
  const e0 = performance.now();
  const exported = await fetch(`${base}/api/product/export/`, { headers });
  const bytes = (await exported.arrayBuffer()).byteLength;
  const exportS = (performance.now() - e0) / 1000;
  const exportPeak = statusMb(server.pid!, 'VmHWM');
  await stop(server);

  const bare = await loadBaseline(
    path.join(import.meta.dirname, 'lib/product-baseline-server.ts'),
    [kind, baselineTarget],
    port + 1,
    query,
    clients,
    seconds,
  );

  console.log(
    `GET /api/product/list/?${query} (${first.data.total} matches), ${clients} clients, ${seconds} s`,
  );
  console.table({ quayside: app, 'bare handler': bare });
  console.log(`throughput ratio quayside / bare: ${((app.rps / bare.rps) * 100).toFixed(0)}%`);
  console.log(
    `export of ${rows.toLocaleString()} products (covers embedded in the first ${MAX_EXPORT_PICTURES.toLocaleString()} rows): ${exportS.toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB, server RSS ${before} MB before, peak ${exportPeak} MB`,
  );
}

async function seeded(database: Database, dataDir: string): Promise<number> {
  await migrateDatabase(database);
  await ensureFirstAdmin(database.db, BENCH_ADMIN_PASSWORD, DEFAULT_ADMIN_PASSWORD);
  const category = await seedProducts(database, createFileStore(dataDir), rows);
  await database.close();
  return category;
}

await onServerDatabases(which, (kind, db) =>
  measure(kind, async () => {
    const category = await seeded(await db.open(), db.dataDir);
    return { env: db.env, baselineTarget: db.baselineTarget, category };
  }),
);
process.exit(0);
