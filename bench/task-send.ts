// A campaign task at interval 0, end to end through the real app (create + start over the API, the
// task sender claiming and sending), against nodemailer alone sending the same number of messages to
// the same in-process SMTP server with the same pool (5 connections) as the baseline.
//   npx tsx bench/task-send.ts [--recipients=10000] [--db=pglite|postgres] [--smtp-ms=50] [--batch=40]
//     [--list-ms=100] [--profile=file.cpuprofile] [--trace-sql] [--no-baseline]
// Live heap before/after (after a full GC) too when run as: node --expose-gc --import tsx bench/task-send.ts …
// Prints messages/s of both and their ratio, the peak RSS while the task runs (sampled every 100 ms,
// against the RSS before it starts), and the p95 of GET /api/task/list/ called in a loop meanwhile.
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance as perfHooks } from 'node:perf_hooks';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../apps/server/src/app';
import { DEFAULT_ADMIN_PASSWORD, loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/lib/context';
import { createEventHub } from '../apps/server/src/lib/events';
import { createFileStore } from '../apps/server/src/lib/files';
import { DEFAULT_TASK_SENDER, startTaskSender } from '../apps/server/src/modules/tasks/worker';
import { ensureFirstAdmin } from '../apps/server/src/modules/users/service';
import { openBenchDatabase } from './lib/bench-database';
import { profiled } from './lib/cpu-profile';

const BENCH_ADMIN_PASSWORD = 'bench-admin-pass';
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const total = Number(arg('recipients', '10000'));
const which = arg('db', 'pglite') === 'postgres' ? 'postgres' : 'pglite';
const smtpMs = Number(arg('smtp-ms', '50'));
const batch = Number(arg('batch', String(DEFAULT_TASK_SENDER.batchSize)));
const profile = arg('profile', '');
/** Pause between two list calls (the web app refetches at most every 500 ms). */
const listMs = Number(arg('list-ms', '100'));
/** --no-baseline: the task alone (memory runs). */
const withBaseline = !process.argv.includes('--no-baseline');
/** Live heap after a full collection (node --expose-gc), else undefined. */
const liveHeapMb = () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return undefined;
  gc();
  return mb(process.memoryUsage().heapUsed);
};
const traceSql = process.argv.includes('--trace-sql');
/**
 * Statement → [calls, ms] while the task runs (--trace-sql, PGlite only): the time PGlite spends
 * executing each statement's protocol messages (the thread is blocked meanwhile), queueing left out.
 */
const sqlTimes = new Map<string, [number, number]>();
let tracing = false;

type Protocol = { execProtocolStream: (message: Uint8Array, options?: object) => Promise<unknown> };
function traceStatements(client: Protocol): void {
  const exec = client.execProtocolStream.bind(client);
  let current = '';
  client.execProtocolStream = async (message, options) => {
    const kind = String.fromCharCode(message[0] ?? 0);
    if (kind === 'P' || kind === 'Q') {
      // Parse: name\0 query\0; simple query: query\0.
      let at = 5;
      if (kind === 'P') at = message.indexOf(0, at) + 1;
      const text = Buffer.from(message.subarray(at, message.indexOf(0, at))).toString();
      current = text.replace(/\s+/g, ' ').trim().slice(0, 90);
    }
    const t0 = performance.now();
    try {
      return await exec(message, options);
    } finally {
      if (tracing) {
        const seen = sqlTimes.get(current) ?? [0, 0];
        if (kind === 'P' || kind === 'Q') seen[0]++;
        seen[1] += performance.now() - t0;
        sqlTimes.set(current, seen);
      }
    }
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const html = `<p>Dear {{name|Sir or Madam}},</p><p>${'Our prices for the coming season follow. '.repeat(30)}</p>`;
const address = (i: number) => `buyer${i}@example.test`;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function baseline(port: number, received: { at: number }[]) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, pool: true });
  const start = Date.now();
  const from = received.length;
  await Promise.all(
    Array.from({ length: total }, (_, i) =>
      transport.sendMail({ from: 'bench@example.test', to: address(i), subject: 'Spring offer', html }),
    ),
  );
  transport.close();
  const seconds = (Date.now() - start) / 1000;
  return {
    messages: received.length - from,
    seconds: +seconds.toFixed(2),
    per_second: +(total / seconds).toFixed(1),
  };
}

async function pipeline(port: number, received: { at: number }[], dataDir: string) {
  const { database, drop } = await openBenchDatabase(which);
  if (traceSql && database.pglite) traceStatements(database.pglite as unknown as Protocol);
  await ensureFirstAdmin(database.db, BENCH_ADMIN_PASSWORD, DEFAULT_ADMIN_PASSWORD);
  const ctx: AppContext = {
    config: loadConfig({ QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_LOG_LEVEL: 'silent' }),
    database,
    db: database.db,
    files: createFileStore(dataDir),
    events: createEventHub(),
    jobs: undefined,
  };
  const app = await buildApp(ctx);
  const api = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: { 'x-token': token }, payload });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
    return res.json().data;
  };
  const { token } = await api('POST', '/api/login/', '', {
    username: 'admin',
    password: BENCH_ADMIN_PASSWORD,
  });
  const account = await api('POST', '/api/email/update_email_account/', token, {
    address: 'sales@example.test',
    imap_host: '127.0.0.1',
    imap_port: 1,
    imap_secure: false,
    imap_user: 'sales@example.test',
    imap_password: 'unused',
    smtp_host: '127.0.0.1',
    smtp_port: port,
    smtp_secure: false,
  });
  await api('POST', '/api/task/set_daily_cap/', token, { account_id: account.id, daily_cap: total * 2 });
  const created = Date.now();
  const task = await api('POST', '/api/task/create/', token, {
    name: 'Bench',
    account_id: account.id,
    subject: 'Spring offer',
    html,
    addresses: Array.from({ length: total }, (_, i) => address(i)),
  });
  const createSeconds = (Date.now() - created) / 1000;
  const sender = startTaskSender(ctx, { batchSize: batch });
  const heapBefore = liveHeapMb();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 100);
  const listTimes: number[] = [];
  let running = true;
  const lister = (async () => {
    while (running) {
      const t0 = performance.now();
      await api('GET', '/api/task/list/?page=1&page_size=20', token);
      listTimes.push(performance.now() - t0);
      await sleep(listMs);
    }
  })();
  const from = received.length;
  const start = Date.now();
  const elu = perfHooks.eventLoopUtilization();
  tracing = true;
  await api('POST', '/api/task/start/', token, { id: task.id });
  while (received.length - from < total) await sleep(20);
  const seconds = (Date.now() - start) / 1000;
  tracing = false;
  const busy = perfHooks.eventLoopUtilization(elu).utilization;
  const heapAfter = liveHeapMb();
  running = false;
  await lister;
  clearInterval(sampler);
  await sender.stop();
  await app.close();
  await drop();
  return {
    messages: received.length - from,
    seconds: +seconds.toFixed(2),
    per_second: +(total / seconds).toFixed(1),
    create_seconds: +createSeconds.toFixed(2),
    rss_mb: { before: mb(rssBefore), peak: mb(rssPeak), growth: mb(rssPeak - rssBefore) },
    ...(heapBefore !== undefined && { live_heap_mb: { before: heapBefore, after: heapAfter } }),
    list_api_ms: { calls: listTimes.length, p95: +p95(listTimes).toFixed(1) },
    /** Share of the time the one JavaScript thread (PGlite's too) was busy. */
    event_loop_busy: +busy.toFixed(2),
  };
}

/** An SMTP server that answers each message after `smtpMs` and only counts it (keeping none in memory). */
async function countingSmtp() {
  const received: { at: number }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      stream.resume();
      stream.on('end', () => {
        setTimeout(() => {
          received.push({ at: Date.now() });
          done();
        }, smtpMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const rssAtStart = process.memoryUsage().rss;
const smtp = await countingSmtp();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-bench-'));
try {
  // The task first, in a fresh process: the baseline's 10,000 messages at once would leave their
  // memory in the RSS the task is measured against.
  const task = await profiled(profile, () => pipeline(smtp.port, smtp.received, dataDir));
  smtp.received.length = 0;
  const nodemailerAlone = withBaseline
    ? await baseline(smtp.port, smtp.received)
    : { messages: 0, seconds: 0, per_second: Number.NaN };
  console.log(
    JSON.stringify(
      {
        recipients: total,
        database: which,
        smtp_ms: smtpMs,
        batch,
        list_ms: listMs,
        rss_mb_at_start: mb(rssAtStart),
        baseline_nodemailer: nodemailerAlone,
        task,
        ratio: +(task.per_second / nodemailerAlone.per_second).toFixed(3),
        ...(traceSql && {
          sql_ms: [...sqlTimes]
            .sort((a, b) => b[1][1] - a[1][1])
            .slice(0, 15)
            .map(([q, [calls, ms]]) => ({ calls, ms: Math.round(ms), q })),
        }),
      },
      null,
      2,
    ),
  );
} finally {
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
}
