// GET /api/email/list/, /api/email/history/ and /api/email/unread/ on a large mailbox (generated rows):
// p50/p95 of the first inbox page, a text search and a customer's history (and a few more lists),
// through the real app (inject, no network).
//   npx tsx bench/email-list.ts [--rows=1000000] [--runs=50] [--keep | --reuse=<dbname>] [--explain]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). A fresh database is
// made beside it, seeded, and dropped after, unless:
//   --keep            keeps it and prints its name (seeding 1M rows takes minutes);
//   --reuse=<dbname>  runs on a database kept before: pending migrations are applied (new indexes
//                     included), the seed is skipped, and the database is kept.
//   --explain         prints EXPLAIN (ANALYZE, BUFFERS) of every SQL statement each case runs.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { DEFAULT_ADMIN_PASSWORD, loadConfig } from '../apps/server/src/config';
import { type Database, migrateDatabase, openPostgres } from '../apps/server/src/db/client';
import { createEventHub } from '../apps/server/src/lib/events';
import { createFileStore } from '../apps/server/src/lib/files';
import { ensureFirstAdmin } from '../apps/server/src/modules/users/service';

/** Not the default: a first admin on the default password may only change it. */
const BENCH_ADMIN_PASSWORD = 'bench-admin-pass';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const flag = (name: string) => process.argv.includes(`--${name}`);
const rows = Number(arg('rows', '1000000'));
const runs = Number(arg('runs', '50'));
const reuse = arg('reuse', '');
const keep = flag('keep') || reuse !== '';
const explain = flag('explain');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

if (reuse && !/^[a-z_][a-z0-9_]*$/.test(reuse)) throw new Error(`--reuse: not a database name: ${reuse}`);
const name = reuse || `qs_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
if (!reuse) await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = await openPostgres(url.toString(), 10);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-bench-'));

/**
 * The generated mailbox: 90% inbox, 10% outbox, 2% trash; 5,000 customers of 200 emails each; 80%
 * unhandled, 15% handled, 3% follow-up, 2% closed; one in five has a handler (five users); a quarter
 * has attachments.
 */
async function seed(db: Database): Promise<void> {
  await db.query(`INSERT INTO users (username, name, password_hash, roles)
    SELECT 'handler' || n, 'Handler ' || n, 'x', ARRAY['editor'] FROM generate_series(1, 4) n`);
  await db.query(
    `INSERT INTO email_accounts (address, imap_host, imap_user) VALUES ('bench@example.test', 'h', 'u')`,
  );
  await db.query(`INSERT INTO customers (company_name, email)
    SELECT 'Company ' || c, 'sender' || c || '@buyer' || (c % 300) || '.test' FROM generate_series(0, 4999) c`);
  // customer_id is set in the insert (the customer whose email is the sender's), not by an UPDATE of
  // every row after it: that rewrote the table and every index (the trigram one above all).
  await db.query(
    `INSERT INTO emails (account_id, folder, direction, type, dedupe_key, message_id, subject, base_subject,
       from_name, from_address, date, is_read, text, customer_id, status, handler_id, has_attachment)
     SELECT 1,
       CASE WHEN i % 10 = 0 THEN 'outbox' WHEN i % 50 = 1 THEN 'trash' ELSE 'inbox' END,
       CASE WHEN i % 10 = 0 THEN 'out' ELSE 'in' END,
       CASE WHEN i % 7 = 0 THEN 'inquiry' ELSE 'normal' END,
       'mid:' || i, i || '@bench.test', 'Order ' || md5(i::text), 'order ' || md5(i::text),
       'Sender ' || (i % 5000), a.address,
       now() - make_interval(mins => i), i % 3 = 0,
       'Dear sir, about ' || md5((i * 7)::text) || ' and our price list for steel pipes. Regards',
       c.id,
       CASE WHEN i % 100 < 80 THEN 'unhandled' WHEN i % 100 < 95 THEN 'handled'
         WHEN i % 100 < 98 THEN 'follow_up' ELSE 'closed' END,
       CASE WHEN i % 5 = 0 THEN u.ids[1 + (i / 5) % 5] END,
       i % 4 = 0
     FROM generate_series(1, $1::int) i
     CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM users) u
     CROSS JOIN LATERAL (SELECT 'sender' || (i % 5000) || '@buyer' || ((i % 5000) % 300) || '.test' AS address) a
     LEFT JOIN customers c ON c.email = a.address`,
    [rows],
  );
  await db.query(`INSERT INTO email_addresses (email_id, role, address, name)
    SELECT id, 'from', from_address, from_name FROM emails`);
  // A table in use is vacuumed by autovacuum; a bulk load is not yet (index-only scans need it).
  await db.query('VACUUM ANALYZE');
}

/** The SQL statements (text and parameters) the pool runs while `run` runs. */
async function capture(
  db: Database,
  run: () => Promise<unknown>,
): Promise<{ text: string; values: unknown[] }[]> {
  const pool = db.pool!;
  const seen: { text: string; values: unknown[] }[] = [];
  const original = pool.query;
  const spy = (config: string | pg.QueryConfig, values?: unknown[]) => {
    const text = typeof config === 'string' ? config : config.text;
    seen.push({ text, values: values ?? (typeof config === 'string' ? [] : (config.values ?? [])) });
  };
  pool.query = new Proxy(original, {
    apply(target, self, args: [string | pg.QueryConfig, unknown[]?]) {
      spy(args[0], args[1]);
      return Reflect.apply(target, self, args);
    },
  });
  try {
    await run();
  } finally {
    pool.query = original;
  }
  return seen;
}

try {
  await migrateDatabase(database);
  await ensureFirstAdmin(database.db, BENCH_ADMIN_PASSWORD, DEFAULT_ADMIN_PASSWORD);
  const t0 = performance.now();
  const [{ n: existing } = { n: 0 }] = (
    await database.query<{ n: number }>('SELECT count(*)::int AS n FROM emails')
  ).rows;
  if (reuse && existing === 0) throw new Error(`--reuse=${name}: the database has no emails`);
  if (!reuse) await seed(database);
  else await database.query('ANALYZE emails'); // new indexes may have come with the migration
  const seedSeconds = (performance.now() - t0) / 1000;

  const config = loadConfig({ QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_LOG_LEVEL: 'silent' });
  const app = await buildApp({
    config,
    database,
    db: database.db,
    files: createFileStore(dataDir),
    events: createEventHub(),
    jobs: undefined,
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/login/',
    payload: { username: 'admin', password: BENCH_ADMIN_PASSWORD },
  });
  const token = login.json().data.token as string;
  const { rows: needle } = await database.query<{ s: string }>(
    `SELECT substr(md5((123457 * 7)::text), 3, 8) AS s`,
  );
  const { rows: customer } = await database.query<{ id: number }>(
    `SELECT id FROM customers ORDER BY id OFFSET 42 LIMIT 1`,
  );
  const { rows: handler } = await database.query<{ id: number }>(
    `SELECT id FROM users WHERE username = 'handler2'`,
  );
  const get = (url: string) => app.inject({ url, headers: { 'x-token': token } });

  async function measure(label: string, url: string) {
    const times: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const t = performance.now();
      const res = await get(url);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
      if (i >= 3) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      +(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
    const data = (await get(url)).json().data as { total?: number; total_capped?: boolean; count?: number };
    return {
      label,
      p50_ms: at(0.5),
      p95_ms: at(0.95),
      ...(data.count === undefined ? { total: data.total } : { count: data.count }),
      ...(data.total_capped ? { total_capped: true } : {}),
    };
  }
  const cases: [string, string][] = [
    ['inbox, first page', '/api/email/list/?folder=inbox&page=1&page_size=20'],
    ['text search', `/api/email/list/?folder=inbox&q=${needle[0]!.s}`],
    ['customer history', `/api/email/history/?customer_id=${customer[0]!.id}`],
    ['inbox, page 50', '/api/email/list/?folder=inbox&page=50&page_size=20'],
    ['inbox by subject', '/api/email/list/?folder=inbox&sort=subject&page=1&page_size=20'],
    ['inbox, unread', '/api/email/list/?folder=inbox&is_read=false&page=1&page_size=20'],
    ['inquiry folder', '/api/email/list/?folder=inquiry&page=1&page_size=20'],
    ['inbox, unhandled', '/api/email/list/?folder=inbox&status=unhandled&page=1&page_size=20'],
    ['inbox, follow-up', '/api/email/list/?folder=inbox&status=follow_up&page=1&page_size=20'],
    ['inbox, closed', '/api/email/list/?folder=inbox&status=closed&page=1&page_size=20'],
    ['inbox, one handler', `/api/email/list/?folder=inbox&handler_id=${handler[0]!.id}&page=1&page_size=20`],
    [
      'inquiry, one handler',
      `/api/email/list/?folder=inquiry&handler_id=${handler[0]!.id}&page=1&page_size=20`,
    ],
    ['inbox, one sender', '/api/email/list/?folder=inbox&from=sender1234%40&page=1&page_size=20'],
    ['inbox, with attachments', '/api/email/list/?folder=inbox&has_attachment=true&page=1&page_size=20'],
    ['unread count', '/api/email/unread/'],
  ];
  const results = [];
  for (const [label, url] of cases) results.push(await measure(label, url));
  console.log(
    JSON.stringify(
      { rows: existing || rows, database: name, seed_seconds: Math.round(seedSeconds), runs, results },
      null,
      2,
    ),
  );
  if (explain) {
    for (const [label, url] of cases) {
      for (const q of await capture(database, () => get(url))) {
        if (!/^\s*select/i.test(q.text) || /from "users"|from "sessions"/i.test(q.text)) continue;
        const { rows: plan } = await database.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS) ${q.text}`,
          q.values,
        );
        console.log(`\n-- ${label}\n${q.text}\n${JSON.stringify(q.values)}`);
        console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
      }
    }
  }
  await app.close();
} finally {
  await database.close();
  if (keep) console.error(`kept database ${name}: npx tsx bench/email-list.ts --reuse=${name}`);
  else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
