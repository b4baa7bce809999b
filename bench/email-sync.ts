// Mail sync from a local Dovecot, end to end (IMAP → parse → sanitise → files → database), against a
// bare imapflow fetch of the same messages (source only) as the baseline.
//   npx tsx bench/email-sync.ts [--messages=10000] [--db=pglite|postgres]
// Needs dovecot-imapd (as the mail tests). PostgreSQL: BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test; a fresh database is made beside it).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const total = Number(arg('messages', '10000'));
const which = arg('db', 'pglite');
const SECRET = 'bench-secret-0123456789abcdef';

/** Peak resident memory while `run` runs, sampled every 50 ms, and the heap at the end. */
async function measure<T>(run: () => Promise<T>) {
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const t0 = performance.now();
  const value = await run();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  return { value, seconds, rssGrowthMb: (peak - rss0) / 1e6, peakMb: peak / 1e6 };
}

function message(i: number, to: string) {
  const subject = `Bench ${i}`;
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

async function openDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (which === 'pglite') return { database: await openPglite(undefined), drop: async () => {} };
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
    async drop() {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const dovecot = await startDovecot();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-bench-'));
try {
  const address = dovecot.addUser('bench');
  const filler = await dovecot.client(address);
  for (let i = 0; i < total; i++) await filler.append('INBOX', message(i, address));
  await filler.logout();

  const baseline = await measure(async () => {
    const client = await dovecot.client(address);
    await client.mailboxOpen('INBOX', { readOnly: true });
    let bytes = 0;
    for await (const msg of client.fetch('1:*', { uid: true, source: true }))
      bytes += msg.source?.length ?? 0;
    await client.logout();
    return bytes;
  });

  const { database, drop } = await openDatabase();
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
    options: DEFAULT_SYNC_OPTIONS,
    log: (m: string) => console.error(m),
  };
  const sync = await measure(() => syncAccount(env, account!.id));
  await drop();

  const rate = (s: number) => Math.round(total / s);
  const result = {
    messages: total,
    database: which,
    megabytes: Math.round(baseline.value / 1e6),
    baseline: {
      seconds: +baseline.seconds.toFixed(2),
      per_second: rate(baseline.seconds),
      rss_growth_mb: Math.round(baseline.rssGrowthMb),
    },
    sync: {
      seconds: +sync.seconds.toFixed(2),
      per_second: rate(sync.seconds),
      stored: sync.value.inserted,
      rss_growth_mb: Math.round(sync.rssGrowthMb),
      peak_rss_mb: Math.round(sync.peakMb),
    },
    ratio: +(baseline.seconds / sync.seconds).toFixed(3),
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await dovecot.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
