// Customer list under load, export and import, on PostgreSQL and PGlite, against a bare
// node-postgres/PGlite handler running the same SQL as the baseline.
//   npx tsx bench/customers-list.ts [--db=postgres|pglite|both] [--rows=100000] [--seconds=20] [--clients=20]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database is made beside it).
import path from 'node:path';
import ExcelJS from 'exceljs';
import { DEFAULT_ADMIN_PASSWORD } from '../apps/server/src/config';
import { type Database, migrateDatabase } from '../apps/server/src/db/client';
import { ensureFirstAdmin } from '../apps/server/src/modules/users/service';
import { runLoad } from './lib/load';
import { seedCustomers } from './lib/seed-customers';
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
const rows = Number(arg('rows', '100000'));
const seconds = Number(arg('seconds', '20'));
const clients = Number(arg('clients', '20'));
const LIST_QUERY = 'q=trading&grade=2&sort=-last_received_at&page=1&page_size=20';

async function importSheet(n: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Customers');
  ws.addRow(['Company name', 'Name', 'Email', 'Grade', 'Country', 'Phone']);
  for (let i = 0; i < n; i++)
    ws.addRow([
      `Import Co ${i}`,
      `Person ${i}`,
      `import${i}@bench.example`,
      'Intentional',
      'Albania',
      `+1 ${i}`,
    ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function measure(
  kind: 'postgres' | 'pglite',
  prepare: () => Promise<{ env: NodeJS.ProcessEnv; baselineTarget: string }>,
) {
  console.log(`\n## ${kind}: ${rows.toLocaleString()} customers`);
  const t0 = performance.now();
  const { env, baselineTarget } = await prepare();
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const port = 18_000 + Math.floor(Math.random() * 1000);
  const server = startScript(SERVER_MAIN, [], {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health/`);
  const headers = await loginHeaders(base);
  await runLoad(`${base}/api/customer/list/?${LIST_QUERY}`, headers, clients, 2); // warm-up
  const app = await runLoad(`${base}/api/customer/list/?${LIST_QUERY}`, headers, clients, seconds);

  const before = statusMb(server.pid!, 'VmRSS');
  const e0 = performance.now();
  const exported = await fetch(`${base}/api/customer/export/`, { headers });
  const bytes = (await exported.arrayBuffer()).byteLength;
  const exportS = (performance.now() - e0) / 1000;
  const exportPeak = statusMb(server.pid!, 'VmHWM');

  const sheet = await importSheet(10_000);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(sheet)]), 'bench.xlsx');
  const i0 = performance.now();
  const imported = await fetch(`${base}/api/customer/import/`, { method: 'POST', headers, body: form });
  const importBody = (await imported.json()) as { data: { created: number } };
  const importS = (performance.now() - i0) / 1000;
  await stop(server);

  const bare = await loadBaseline(
    path.join(import.meta.dirname, 'lib/baseline-server.ts'),
    [kind, baselineTarget],
    port + 1,
    LIST_QUERY,
    clients,
    seconds,
  );

  console.log(`GET /api/customer/list/?${LIST_QUERY}, ${clients} clients, ${seconds} s`);
  console.table({ quayside: app, 'bare handler': bare });
  console.log(`throughput ratio quayside / bare: ${((app.rps / bare.rps) * 100).toFixed(0)}%`);
  console.log(
    `export ${rows.toLocaleString()} rows: ${exportS.toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB, server RSS ${before} MB before, peak ${exportPeak} MB`,
  );
  console.log(`import 10,000 rows: ${importS.toFixed(1)} s (${importBody.data.created} created)`);
}

async function seeded(database: Database) {
  await migrateDatabase(database);
  await ensureFirstAdmin(database.db, BENCH_ADMIN_PASSWORD, DEFAULT_ADMIN_PASSWORD);
  await seedCustomers(database, rows);
  await database.close();
}

await onServerDatabases(which, (kind, db) =>
  measure(kind, async () => {
    await seeded(await db.open());
    return { env: db.env, baselineTarget: db.baselineTarget };
  }),
);
