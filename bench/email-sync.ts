// Mail sync from a local Dovecot, end to end (IMAP → parse → sanitise → files → database), against a
// bare imapflow fetch of the same messages (source only) as the baseline.
//   npx tsx bench/email-sync.ts [--messages=10000] [--db=pglite|postgres] [--profile=sync.cpuprofile]
//     [--batch=<messages per transaction; the default is the app's>]
//     [--bounces=<every Nth message is a delivery failure report (Postfix's DSN); 0: none, the default>]
// --profile writes a CPU profile of the sync alone (not the mailbox fill nor the baseline).
// Needs dovecot-imapd (as the mail tests). PostgreSQL: BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test; a fresh database is made beside it). PGlite keeps its data
// in a temp folder, as the server does (in memory, the database itself would be the memory growth).
// Besides wall time: CPU seconds of this process, of the PostgreSQL backends and of Dovecot's imap
// process (steadier than wall time on a shared machine), the heap still used after a full GC, and
// the event-loop delay meanwhile (what an API request arriving during the sync waits, at most).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import pg from 'pg';
import { type Database, migrateDatabase, openPglite, openPostgres } from '../apps/server/src/db/client';
import { emailAccounts } from '../apps/server/src/db/schema';
import { createEventHub } from '../apps/server/src/lib/events';
import { createFileStore } from '../apps/server/src/lib/files';
import { encryptSecret } from '../apps/server/src/modules/email/accounts';
import { syncAccount } from '../apps/server/src/modules/email/sync/account';
import { DEFAULT_SYNC_OPTIONS } from '../apps/server/src/modules/email/sync/types';
import { startDovecot } from '../apps/server/test/mail/dovecot';
import { alternative, html, plain, withAttachments } from '../apps/server/test/mail/messages';
import { profiled } from './lib/cpu-profile';
import { childPids, ProcessCpu } from './lib/process-cpu';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const total = Number(arg('messages', '10000'));
const which = arg('db', 'pglite');
const profilePath = arg('profile', '');
const batchSize = Number(arg('batch', String(DEFAULT_SYNC_OPTIONS.batchSize)));
const bounceEvery = Number(arg('bounces', '0'));
/** Postfix's report about an email of a campaign (the task bounce tests' fixture), its ids made unique. */
const dsn = readFileSync(
  path.join(import.meta.dirname, '../apps/server/test/fixtures/bounces/postfix.eml'),
  'utf8',
);
const SECRET = 'bench-secret-0123456789abcdef';
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/**
 * Wall time, CPU time (this process, and the given others sampled every second), peak resident
 * memory while `run` runs (sampled every 50 ms), and the heap still in use after a full GC at the end.
 */
async function measure<T>(run: () => Promise<T>, others: Record<string, ProcessCpu> = {}) {
  gc();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  await Promise.all(Object.values(others).map((o) => o.start()));
  const sample = () => Promise.all(Object.values(others).map((o) => o.sample()));
  let ticks = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
    // Listing the other processes reads /proc: not 20 times a second.
    if (++ticks % 20 === 0) void sample();
  }, 50);
  // How long a request arriving meanwhile (the API shares this thread) waits for the event loop.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await run();
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  loopDelay.disable();
  clearInterval(timer);
  await sample();
  gc();
  const otherCpu = Object.fromEntries(Object.entries(others).map(([k, o]) => [k, +o.seconds.toFixed(2)]));
  return {
    value,
    seconds,
    cpu: { node: +((cpu.user + cpu.system) / 1e6).toFixed(2), ...otherCpu },
    rssGrowthMb: (peak - rss0) / 1e6,
    peakMb: peak / 1e6,
    heapAfterGcMb: process.memoryUsage().heapUsed / 1e6,
    loopDelayMs: {
      p50: +(loopDelay.percentile(50) / 1e6).toFixed(1),
      p99: +(loopDelay.percentile(99) / 1e6).toFixed(1),
      max: +(loopDelay.max / 1e6).toFixed(1),
    },
  };
}

function message(i: number, to: string) {
  const subject = `Bench ${i}`;
  if (bounceEvery > 0 && i % bounceEvery === bounceEvery - 1)
    return dsn
      .replaceAll('7f1e0c52-8a4b-4d3e-9b61-2c5d8e9f0a11@quayside.test', `bench-${i}@quayside.test`)
      .replace('20261124091407.4Zx1Lq2W0Sz9vQ@mail.quayside.test', `dsn-${i}@mail.quayside.test`)
      .replace(/^To: .*$/m, `To: ${to}`);
  if (i % 10 === 0) return withAttachments({ to, subject, fileName: `f${i}.pdf` });
  if (i % 3 === 0)
    return alternative({ to, subject, text: `text ${i} `.repeat(50), html: `<p>${'html '.repeat(200)}</p>` });
  if (i % 3 === 1)
    return html({
      to,
      subject,
      html: `<div><p>${'word '.repeat(300)}</p><img src="https://t.test/${i}"></div>`,
    });
  return plain({ to, subject, body: `${'line of text\r\n'.repeat(60)}` });
}

type BenchDatabase = { database: Database; backendPids(): Promise<number[]>; drop(): Promise<void> };

async function openDatabase(dataDir: string): Promise<BenchDatabase> {
  if (which === 'pglite') {
    const database = await openPglite(path.join(dataDir, 'pglite'));
    return { database, backendPids: async () => [], drop: () => database.close() };
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `qs_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  return {
    database,
    async backendPids() {
      const { rows } = await admin.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      return rows.map((r) => r.pid);
    },
    async drop() {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const dovecot = await startDovecot();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-bench-'));
const imapCpu = () =>
  new ProcessCpu(() => {
    const master = Number(readFileSync(path.join(dovecot.dir, 'run', 'master.pid'), 'utf8'));
    return childPids(master, 'imap');
  });
try {
  const address = dovecot.addUser('bench');
  const filler = await dovecot.client(address);
  for (let i = 0; i < total; i++) await filler.append('INBOX', message(i, address));
  await filler.logout();

  const baseline = await measure(
    async () => {
      const client = await dovecot.client(address);
      await client.mailboxOpen('INBOX', { readOnly: true });
      let bytes = 0;
      for await (const msg of client.fetch('1:*', { uid: true, source: true }))
        bytes += msg.source?.length ?? 0;
      await client.logout();
      return bytes;
    },
    { imap: imapCpu() },
  );

  const { database, backendPids, drop } = await openDatabase(dataDir);
  await migrateDatabase(database);
  const [account] = await database.db
    .insert(emailAccounts)
    .values({
      address,
      imapHost: dovecot.host,
      imapPort: dovecot.port,
      imapSecure: false,
      imapUser: address,
      imapPassword: encryptSecret(SECRET, 'secret'),
    })
    .returning();
  const env = {
    database,
    db: database.db,
    files: createFileStore(dataDir),
    events: createEventHub(),
    secret: SECRET,
    options: { ...DEFAULT_SYNC_OPTIONS, batchSize },
    log: (m: string) => console.error(m),
  };
  const sync = await measure(() => profiled(profilePath, () => syncAccount(env, account!.id)), {
    imap: imapCpu(),
    ...(which === 'postgres' ? { postgres: new ProcessCpu(backendPids) } : {}),
  });
  await drop();

  const rate = (s: number) => Math.round(total / s);
  const databaseCpu = (sync.cpu as Record<string, number>).postgres;
  const result = {
    messages: total,
    database: which,
    batch: batchSize,
    bounces: bounceEvery > 0 ? Math.floor(total / bounceEvery) : 0,
    megabytes: Math.round(baseline.value / 1e6),
    baseline: {
      seconds: +baseline.seconds.toFixed(2),
      per_second: rate(baseline.seconds),
      cpu_seconds: baseline.cpu,
      rss_growth_mb: Math.round(baseline.rssGrowthMb),
    },
    sync: {
      seconds: +sync.seconds.toFixed(2),
      per_second: rate(sync.seconds),
      stored: sync.value.inserted,
      cpu_seconds: sync.cpu,
      rss_growth_mb: Math.round(sync.rssGrowthMb),
      peak_rss_mb: Math.round(sync.peakMb),
      heap_after_gc_mb: Math.round(sync.heapAfterGcMb),
      event_loop_delay_ms: sync.loopDelayMs,
    },
    ratio: +(baseline.seconds / sync.seconds).toFixed(3),
    // Batches commit one after another (sync rule 2: the cursor only ever covers stored mail), so
    // the database's CPU time is a floor under the sync's wall time, whatever Node does: the best
    // ratio these writes allow.
    ...(databaseCpu ? { ratio_if_node_cost_nothing: +(baseline.seconds / databaseCpu).toFixed(3) } : {}),
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await dovecot.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
