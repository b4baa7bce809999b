// Search everywhere (GET /api/search/?q=) on a seeded database: p50/p95 of one request at a time
// for a few kinds of query (a common word, an exact order number, a rare name, nothing found).
//   npx tsx bench/search.ts [--db=postgres|pglite|both] [--customers=100000] [--orders=50000] [--requests=100]
// Seeds customers and orders (bench/lib); mail and products are not seeded here yet.
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database is made beside it).
import { DEFAULT_ADMIN_PASSWORD } from '../apps/server/src/config';
import { migrateDatabase } from '../apps/server/src/db/client';
import { ensureFirstAdmin } from '../apps/server/src/modules/users/service';
import { seedCustomers } from './lib/seed-customers';
import { seedOrders } from './lib/seed-orders';
import { argValue, onServerDatabases } from './lib/server-database';
import {
  BENCH_ADMIN_PASSWORD,
  loginHeaders,
  SERVER_MAIN,
  startScript,
  stop,
  waitFor,
} from './lib/server-process';

const which = argValue('db', 'both');
const customerCount = Number(argValue('customers', '100000'));
const orderCount = Number(argValue('orders', '50000'));
const requests = Number(argValue('requests', '100'));
const queries = ['trading', 'SO-2026-004217', 'buyer 4217', 'no-such-thing-here'];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

await onServerDatabases(which, async (kind, db) => {
  console.log(
    `\n## ${kind}: ${customerCount.toLocaleString()} customers, ${orderCount.toLocaleString()} orders`,
  );
  const t0 = performance.now();
  const database = await db.open();
  await migrateDatabase(database);
  await ensureFirstAdmin(database.db, BENCH_ADMIN_PASSWORD, DEFAULT_ADMIN_PASSWORD);
  await seedCustomers(database, customerCount);
  await seedOrders(database, orderCount);
  await database.query('ANALYZE');
  await database.close();
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const port = 18_000 + Math.floor(Math.random() * 1000);
  const server = startScript(SERVER_MAIN, [], { ...db.env, PORT: String(port), HOST: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health/`);
    const headers = await loginHeaders(base);
    console.log('| q | hits | p50 ms | p95 ms |');
    console.log('|---|---|---|---|');
    for (const q of queries) {
      const url = `${base}/api/search/?q=${encodeURIComponent(q)}`;
      const first = (await (await fetch(url, { headers })).json()) as {
        data: { groups: { kind: string; items: unknown[] }[] };
      };
      const hits = first.data.groups.map((g) => `${g.kind} ${g.items.length}`).join(', ') || 'none';
      for (let i = 0; i < 5; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up
      const times: number[] = [];
      for (let i = 0; i < requests; i++) {
        const start = performance.now();
        await (await fetch(url, { headers })).arrayBuffer();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      console.log(
        `| ${q} | ${hits} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`,
      );
    }
  } finally {
    await stop(server);
  }
});
