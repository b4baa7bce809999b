// Search everywhere (GET /api/search/?q=) and the dashboard summary on the benchmark data:
// p50/p95 of one request at a time, per kind of query.
//   npx tsx bench/search.ts [--db=postgres|pglite|both] [--customers=100000] [--emails=1000000]
//     [--products=20000] [--orders=50000] [--requests=100] [--dashboard-requests=20] [--keep-db=<name>]
// Seeding is bulk SQL (generate_series; the emails' and products' secondary indexes are built once
// after the load). PGlite gets 200,000 emails unless --emails is given: 1M rows and their trigram
// index take it many minutes to load (it runs in one wasm thread).
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database is
// made beside it, or --keep-db=<name> is kept and reused by the next run with the same counts, by this
// bench and bench/dashboard.ts: the seed is bench/lib/seed-business.ts).
import { migrateDatabase } from '../apps/server/src/db/client';
import { businessKey, seedBusiness } from './lib/seed-business';
import { argValue, onServerDatabases } from './lib/server-database';
import { loginHeaders, SERVER_MAIN, startScript, stop, waitFor } from './lib/server-process';

const which = argValue('db', 'both');
const customerCount = Number(argValue('customers', '100000'));
const emailsArg = process.argv.find((a) => a.startsWith('--emails='));
const productCount = Number(argValue('products', '20000'));
const orderCount = Number(argValue('orders', '50000'));
const requests = Number(argValue('requests', '100'));
/** The summary counts over all mail: seconds each on 1M emails, so fewer requests. */
const dashboardRequests = Number(argValue('dashboard-requests', '20'));

/** What is typed, and why it is a case of its own. */
const queries: [kind: string, q: string][] = [
  ['common word (customers, orders)', 'trading'],
  ['common word (mail, products)', 'kettle'],
  ['order number', 'SO-2026-004217'],
  ['product model', 'QS-12345'],
  ['rare address (customers, mail, inquiries)', 'buyer4217@'],
  ['rare mail subject', 'glass bowl 4242'],
  ['a word in every email, and a number', 'buyer 4217'],
  ['nothing found', 'no-such-thing-here'],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function time(
  url: string,
  headers: Record<string, string>,
  n = requests,
): Promise<[p50: string, p95: string]> {
  for (let i = 0; i < Math.min(5, n); i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return [percentile(times, 50).toFixed(1), percentile(times, 95).toFixed(1)];
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

await onServerDatabases(which, async (kind, db) => {
  const emailCount = Number(emailsArg?.split('=')[1] ?? (kind === 'pglite' ? 200_000 : 1_000_000));
  console.log(
    `\n## ${kind}: ${customerCount.toLocaleString()} customers, ${emailCount.toLocaleString()} emails, ` +
      `${productCount.toLocaleString()} products, ${orderCount.toLocaleString()} orders`,
  );
  const counts = { customers: customerCount, emails: emailCount, products: productCount, orders: orderCount };
  const database = await db.open();
  const t0 = performance.now();
  await migrateDatabase(database);
  console.log(`migrated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await db.seed(database, businessKey(counts), () => seedBusiness(database, counts));
  await database.close();

  const port = 18_000 + Math.floor(Math.random() * 1000);
  const server = startScript(SERVER_MAIN, [], { ...db.env, PORT: String(port), HOST: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health/`, 180_000);
    const headers = await loginHeaders(base);
    console.log(`\nGET /api/search/?q= (admin: every kind), ${requests} requests each, one at a time`);
    console.log('| query | q | hits | p50 ms | p95 ms |');
    console.log('|---|---|---|---|---|');
    for (const [what, q] of queries) {
      const url = `${base}/api/search/?q=${encodeURIComponent(q)}`;
      const first = (await (await fetch(url, { headers })).json()) as {
        data: { groups: { kind: string; items: unknown[] }[] };
      };
      const hits = first.data.groups.map((g) => `${g.kind} ${g.items.length}`).join(', ') || 'none';
      const [p50, p95] = await time(url, headers);
      console.log(`| ${what} | ${q} | ${hits} | ${p50} | ${p95} |`);
    }
    console.log(`\nGET /api/dashboard/summary/ (admin, whole company), ${dashboardRequests} requests each`);
    console.log('| period | p50 ms | p95 ms |');
    console.log('|---|---|---|');
    for (const [what, from] of [
      ['last 7 days', day(6)],
      ['last 30 days', day(29)],
      ['last 365 days', day(364)],
    ] as const) {
      const url = `${base}/api/dashboard/summary/?from=${from}&to=${day(0)}`;
      const [p50, p95] = await time(url, headers, dashboardRequests);
      console.log(`| ${what} | ${p50} | ${p95} |`);
    }
  } finally {
    await stop(server);
  }
});
