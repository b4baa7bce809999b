// The dashboard on the benchmark data: p50/p95 of GET /api/dashboard/summary/ and
// GET /api/dashboard/charts/, one request at a time, for 7, 30 and 365 days, as the admin (whole
// company), the admin looking at one salesperson (owner_id: the editor, who handles a quarter of the
// mail) and the editor herself.
//   npx tsx bench/dashboard.ts [--db=postgres|pglite|both] [--customers=100000] [--emails=1000000]
//     [--products=20000] [--orders=50000] [--requests=10] [--keep-db=<name>]
// Seeding is bench/lib/seed-business.ts, as bench/search.ts (bulk SQL; mail and orders spread over the
// last 365 days). PGlite gets 200,000 emails unless --emails is given (one wasm thread loads 1M rows
// for many minutes).
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database is
// made beside it, or --keep-db=<name> is kept and reused by the next run with the same counts).
import { migrateDatabase } from '../apps/server/src/db/client';
import { BENCH_EDITOR, businessKey, seedBusiness } from './lib/seed-business';
import { argValue, onServerDatabases } from './lib/server-database';
import { loginHeaders, SERVER_MAIN, startScript, stop, waitFor } from './lib/server-process';

const which = argValue('db', 'postgres');
const customerCount = Number(argValue('customers', '100000'));
const emailsArg = process.argv.find((a) => a.startsWith('--emails='));
const productCount = Number(argValue('products', '20000'));
const orderCount = Number(argValue('orders', '50000'));
const requests = Number(argValue('requests', '10'));

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function time(url: string, headers: Record<string, string>): Promise<[p50: string, p95: string]> {
  await (await fetch(url, { headers })).arrayBuffer(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
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
  const editor = await database.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [
    BENCH_EDITOR,
  ]);
  const editorId = editor.rows[0]!.id;
  await database.close();

  const port = 18_000 + Math.floor(Math.random() * 1000);
  const server = startScript(SERVER_MAIN, [], { ...db.env, PORT: String(port), HOST: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health/`, 180_000);
    const admin = await loginHeaders(base);
    const editorHeaders = await loginHeaders(base, BENCH_EDITOR);
    console.log(`\n${requests} requests each, one at a time`);
    console.log('| viewer | route | period | p50 ms | p95 ms |');
    console.log('|---|---|---|---|---|');
    for (const [who, headers, owner] of [
      ['admin, whole company', admin, ''],
      ['admin, owner_id = editor', admin, `&owner_id=${editorId}`],
      ['editor', editorHeaders, ''],
    ] as const)
      for (const route of ['summary', 'charts'])
        for (const [what, from] of [
          ['7 days', day(6)],
          ['30 days', day(29)],
          ['365 days', day(364)],
        ] as const) {
          const url = `${base}/api/dashboard/${route}/?from=${from}&to=${day(0)}${owner}`;
          const [p50, p95] = await time(url, headers);
          console.log(`| ${who} | ${route} | ${what} | ${p50} | ${p95} |`);
        }
  } finally {
    await stop(server);
  }
});
