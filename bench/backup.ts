// Backup and restore of a large company: 100k customers and 100k mails (generated rows), backed up
// with lib/backup and restored into a fresh database of the same kind; prints size and times.
//   npx tsx bench/backup.ts [--db=postgres|pglite] [--customers=100000] [--mails=100000]
//   npx tsx bench/backup.ts --running   the sample data on a running embedded server, backed up with
//                                       `npm run backup` through the server's door (size, time)
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; fresh databases are made beside it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../apps/server/src/db/client';
import { createBackup } from '../apps/server/src/lib/backup/create';
import { restoreBackup } from '../apps/server/src/lib/backup/restore';
import { freePort } from './lib/app-process';
import { openBenchDatabase } from './lib/bench-database';
import { seedCustomers } from './lib/seed-customers';
import { SERVER_MAIN, startScript, stop, waitFor } from './lib/server-process';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const kind = arg('db', 'postgres') as 'postgres' | 'pglite';
const customerCount = Number(arg('customers', '100000'));
const mailCount = Number(arg('mails', '100000'));

async function seedMails(database: Database, count: number): Promise<void> {
  await database.query(
    `INSERT INTO email_accounts (address, imap_host, imap_user) VALUES ('bench@example.test', 'h', 'u')`,
  );
  await database.query(
    `INSERT INTO emails (account_id, folder, direction, type, dedupe_key, message_id, subject, base_subject,
       from_name, from_address, date, is_read, text, status)
     SELECT 1, 'inbox', 'in', 'normal', 'mid:' || i, i || '@bench.test', 'Order ' || md5(i::text),
       'order ' || md5(i::text), 'Sender ' || (i % 5000), 'sender' || (i % 5000) || '@buyer.test',
       now() - make_interval(mins => i), i % 3 = 0,
       'Dear sir, about ' || md5((i * 7)::text) || ' and our price list for steel pipes. Regards', 'unhandled'
     FROM generate_series(1, $1::int) i`,
    [count],
  );
}

const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

/** The sample data (added by a first process, as bench/idle-memory.ts does), then a server on it and the CLI. */
async function runningServer(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quayside-bench-running-'));
  const root = path.resolve(import.meta.dirname, '..');
  const env = {
    ...process.env,
    QUAYSIDE_DATA_DIR: path.join(dir, 'data'),
    DATABASE_URL: '',
    HOST: '127.0.0.1',
  };
  try {
    const seed = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'bench/lib/idle-probe.ts')],
      {
        env: { ...env, IDLE_SEED: '1', PORT: String(await freePort()) },
        stdio: 'inherit',
      },
    );
    if (seed.status !== 0) throw new Error('seeding the sample data failed');
    const port = await freePort();
    const server = startScript(SERVER_MAIN, [], { ...env, PORT: String(port) });
    try {
      await waitFor(`http://127.0.0.1:${port}/api/health/`);
      for (const run of [1, 2]) {
        const file = path.join(dir, `backup-${run}.tar`);
        const t0 = performance.now();
        const cli = spawnSync(process.execPath, [path.join(root, 'scripts/backup.mjs'), 'backup', file], {
          env,
          encoding: 'utf8',
        });
        if (cli.status !== 0) throw new Error(cli.stderr || cli.stdout);
        console.log(
          `npm run backup on the running embedded server (sample data), run ${run}: ${(statSync(file).size / 1e3).toFixed(0)} kB in ${seconds(t0)} s (${cli.stdout.trim().replace(/.*\((\d+ ms)\)\.$/, 'server side and transfer $1')})`,
        );
      }
    } finally {
      await stop(server);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--running')) {
  await runningServer();
  process.exit(0);
}

const work = mkdtempSync(path.join(os.tmpdir(), 'quayside-bench-backup-'));
const source = await openBenchDatabase(kind);
const target = await openBenchDatabase(kind);
try {
  let t0 = performance.now();
  await seedCustomers(source.database, customerCount);
  await seedMails(source.database, mailCount);
  console.log(`seeded ${customerCount} customers + ${mailCount} mails on ${kind} in ${seconds(t0)} s`);
  const file = path.join(work, 'backup.tar');
  t0 = performance.now();
  const manifest = await createBackup(source.database, path.join(work, 'source'), file);
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(`backup: ${(statSync(file).size / 1e6).toFixed(1)} MB, ${rows} rows, ${seconds(t0)} s`);
  // The bench database comes migrated; restore wants a place with no rows, which it is.
  t0 = performance.now();
  await restoreBackup(target.database, path.join(work, 'target'), file);
  console.log(`restore: ${seconds(t0)} s`);
} finally {
  await source.drop();
  await target.drop();
  rmSync(work, { recursive: true, force: true });
}
