// Order list under load (search + status, currency and date filters, with the per-currency totals of
// the filtered list), against a bare node-postgres/PGlite handler running the same SQL.
//   npx tsx bench/orders-list.ts [--db=postgres|pglite|both] [--rows=50000] [--seconds=20] [--clients=20]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database is made beside it).
import path from 'node:path';
import { DEFAULT_ADMIN_PASSWORD } from '../apps/server/src/config';
import { migrateDatabase } from '../apps/server/src/db/client';
import { ensureFirstAdmin } from '../apps/server/src/modules/users/service';
import { runLoad } from './lib/load';
import { seedOrders } from './lib/seed-orders';
import { argValue, onServerDatabases } from './lib/server-database';
import {
  BENCH_ADMIN_PASSWORD,
  loadBaseline,
  loginHeaders,
  SERVER_MAIN,
  startScript,
  stop,
  waitFor,
} from './lib/server-process';

const which = argValue('db', 'both');
const rows = Number(argValue('rows', '50000'));
const seconds = Number(argValue('seconds', '20'));
const clients = Number(argValue('clients', '20'));
const since = new Date(Date.now() - 180 * 86_400_000).toISOString().slice(0, 10);
const query = `q=kettle&status=in_progress&currency=USD,EUR&date_from=${since}&sort=-created_at&page=1&page_size=20`;

await onServerDatabases(which, async (kind, db) => {
  console.log(`\n## ${kind}: ${rows.toLocaleString()} orders with 5 lines each`);
  const t0 = performance.now();
  const database = await db.open();
  await migrateDatabase(database);
  await ensureFirstAdmin(database.db, BENCH_ADMIN_PASSWORD, DEFAULT_ADMIN_PASSWORD);
  await seedOrders(database, rows);
  await database.close();
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const port = 18_000 + Math.floor(Math.random() * 1000);
  const server = startScript(SERVER_MAIN, [], { ...db.env, PORT: String(port), HOST: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health/`);
  const headers = await loginHeaders(base);
  const url = `${base}/api/order/list/?${query}`;
  const first = (await (await fetch(url, { headers })).json()) as {
    data: { total: number; totals: { currency: string; count: number; total: string; balance: string }[] };
  };
  await runLoad(url, headers, clients, 2); // warm-up
  const app = await runLoad(url, headers, clients, seconds);
  await stop(server);

  const bare = await loadBaseline(
    path.join(import.meta.dirname, 'lib/order-baseline-server.ts'),
    [kind, db.baselineTarget],
    port + 1,
    query,
    clients,
    seconds,
  );
  console.log(
    `GET /api/order/list/?${query} (${first.data.total} matches), ${clients} clients, ${seconds} s`,
  );
  console.log(
    `totals of the filtered list: ${first.data.totals.map((t) => `${t.currency} ${t.count} orders ${t.total} (due ${t.balance})`).join('; ')}`,
  );
  console.table({ quayside: app, 'bare handler': bare });
  console.log(
    `p95 quayside / bare: ${(app.p95 / bare.p95).toFixed(2)}×; throughput ratio quayside / bare: ${((app.rps / bare.rps) * 100).toFixed(0)}%`,
  );
});
process.exit(0);
