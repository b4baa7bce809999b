// GET /api/email/list/ and /api/email/history/ on a large mailbox (generated rows): p95 of the first
// inbox page, a text search and a customer's history, through the real app (inject, no network).
//   npx tsx bench/email-list.ts [--rows=1000000] [--runs=50]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database
// is made beside it and dropped after).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { DEFAULT_ADMIN_PASSWORD, loadConfig } from '../apps/server/src/config';
import { migrateDatabase, openPostgres } from '../apps/server/src/db/client';
import { createEventHub } from '../apps/server/src/lib/events';
import { createFileStore } from '../apps/server/src/lib/files';
import { ensureFirstAdmin } from '../apps/server/src/modules/users/service';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const rows = Number(arg('rows', '1000000'));
const runs = Number(arg('runs', '50'));
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const name = `qs_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = await openPostgres(url.toString(), 10);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-bench-'));
try {
  await migrateDatabase(database);
  await ensureFirstAdmin(database.db, DEFAULT_ADMIN_PASSWORD, DEFAULT_ADMIN_PASSWORD);
  const t0 = performance.now();
  await database.query(
    `INSERT INTO email_accounts (address, imap_host, imap_user) VALUES ('bench@example.test', 'h', 'u')`,
  );
  await database.query(`INSERT INTO customers (company_name, email)
    SELECT 'Company ' || c, 'sender' || c || '@buyer' || (c % 300) || '.test' FROM generate_series(0, 4999) c`);
  await database.query(
    `INSERT INTO emails (account_id, folder, direction, type, dedupe_key, message_id, subject, base_subject,
       from_name, from_address, date, is_read, text, customer_id)
     SELECT 1,
       CASE WHEN i % 10 = 0 THEN 'outbox' WHEN i % 50 = 1 THEN 'trash' ELSE 'inbox' END,
       CASE WHEN i % 10 = 0 THEN 'out' ELSE 'in' END,
       CASE WHEN i % 7 = 0 THEN 'inquiry' ELSE 'normal' END,
       'mid:' || i, i || '@bench.test', 'Order ' || md5(i::text), 'order ' || md5(i::text),
       'Sender ' || (i % 5000), 'sender' || (i % 5000) || '@buyer' || ((i % 5000) % 300) || '.test',
       now() - make_interval(mins => i), i % 3 = 0,
       'Dear sir, about ' || md5((i * 7)::text) || ' and our price list for steel pipes. Regards',
       NULL
     FROM generate_series(1, $1::int) i`,
    [rows],
  );
  await database.query(
    `UPDATE emails e SET customer_id = c.id FROM customers c WHERE c.email = e.from_address`,
  );
  await database.query(`INSERT INTO email_addresses (email_id, role, address, name)
    SELECT id, 'from', from_address, from_name FROM emails`);
  await database.query('ANALYZE');
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
    payload: { username: 'admin', password: DEFAULT_ADMIN_PASSWORD },
  });
  const token = login.json().data.token as string;
  const { rows: needle } = await database.query<{ s: string }>(
    `SELECT substr(md5((123457 * 7)::text), 3, 8) AS s`,
  );
  const { rows: customer } = await database.query<{ id: number }>(
    `SELECT id FROM customers ORDER BY id OFFSET 42 LIMIT 1`,
  );

  async function p95(label: string, path: string) {
    const times: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const t = performance.now();
      const res = await app.inject({ url: path, headers: { 'x-token': token } });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.body}`);
      if (i >= 3) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      +(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
    return {
      label,
      p50_ms: at(0.5),
      p95_ms: at(0.95),
      total: JSON.parse((await app.inject({ url: path, headers: { 'x-token': token } })).body).data.total,
    };
  }
  const results = [
    await p95('inbox, first page', '/api/email/list/?folder=inbox&page=1&page_size=20'),
    await p95('text search', `/api/email/list/?folder=inbox&q=${needle[0]!.s}`),
    await p95('customer history', `/api/email/history/?customer_id=${customer[0]!.id}`),
  ];
  console.log(JSON.stringify({ rows, seed_seconds: Math.round(seedSeconds), runs, results }, null, 2));
  await app.close();
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
