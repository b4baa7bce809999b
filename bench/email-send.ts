// Sending, end to end: saved drafts → send_email (undo_seconds 0, through the real app) → pg-boss
// job → SMTP accepted by a local in-process smtp-server (the Sent copy goes to a local Dovecot),
// against nodemailer alone sending the same messages to the same server as the baseline.
//   npx tsx bench/email-send.ts [--messages=1000] [--db=pglite|postgres] [--senders=8] [--smtp-ms=0]
//     [--profile=send.cpuprofile]  (a CPU profile of the pipeline's sending phase alone)
// Both sides start every message as fast as they can (the pipeline: `senders` send_email calls in
// flight; nodemailer: every sendMail at once on a pooled transport with its default 5 connections).
// Throughput is messages over the time from the first send to the last acceptance; latency is from
// a message's send (the call) to its acceptance. `--smtp-ms` makes the SMTP server take that long
// per message, as a real one does. Needs dovecot-imapd (as the mail tests). PostgreSQL:
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database beside it).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { buildApp } from '../apps/server/src/app';
import { DEFAULT_ADMIN_PASSWORD, loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/lib/context';
import { createEventHub } from '../apps/server/src/lib/events';
import { createFileStore } from '../apps/server/src/lib/files';
import { startJobs } from '../apps/server/src/lib/jobs';
import { startEmailSend } from '../apps/server/src/modules/email/deliver';
import { ensureFirstAdmin } from '../apps/server/src/modules/users/service';
import { type Dovecot, startDovecot } from '../apps/server/test/mail/dovecot';
import { type ReceivedMail, startSmtp } from '../apps/server/test/mail/smtp';
import { openBenchDatabase } from './lib/bench-database';
import { profiled } from './lib/cpu-profile';

/** Not the default: a first admin on the default password may only change it. */
const BENCH_ADMIN_PASSWORD = 'bench-admin-pass';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const total = Number(arg('messages', '1000'));
const which = arg('db', 'pglite') === 'postgres' ? 'postgres' : 'pglite';
const senders = Number(arg('senders', '8'));
const smtpMs = Number(arg('smtp-ms', '0'));
const profilePath = arg('profile', '');

const TO = 'buyer@example.test';
const subject = (i: number) => `Bench ${i}`;
const html = (i: number) =>
  `<p>Dear buyer,</p><p>${'Our prices for the coming season follow. '.repeat(30)}</p><p>#${i}</p>`;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Throughput and latency of one run, from the send times and the SMTP server's acceptance times. */
function figures(sentAt: number[], accepted: ReceivedMail[]) {
  const latencies = accepted
    .map((m) => m.at - sentAt[Number(/^Subject: Bench (\d+)\r?$/m.exec(m.raw.toString('latin1'))?.[1])]!)
    .sort((a, b) => a - b);
  const seconds = (Math.max(...accepted.map((m) => m.at)) - Math.min(...sentAt)) / 1000;
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return {
    messages: accepted.length,
    seconds: +seconds.toFixed(2),
    per_second: +(accepted.length / seconds).toFixed(1),
    latency_ms: { p50: pct(0.5), p95: pct(0.95), max: latencies.at(-1) ?? 0 },
  };
}

async function until(what: string, done: () => boolean) {
  const end = Date.now() + 3600_000;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(5);
  }
}

/** nodemailer alone: one pooled transport, every message started at once. */
async function baseline(port: number, received: ReceivedMail[]) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, pool: true });
  const sentAt: number[] = [];
  const from = received.length;
  await Promise.all(
    Array.from({ length: total }, (_, i) => {
      sentAt[i] = Date.now();
      return transport.sendMail({ from: 'bench@example.test', to: TO, subject: subject(i), html: html(i) });
    }),
  );
  transport.close();
  return figures(sentAt, received.slice(from));
}

/** The app and its send worker on a new database: drafts saved first, then every one sent. */
async function pipeline(port: number, received: ReceivedMail[], dovecot: Dovecot, dataDir: string) {
  const { database, drop } = await openBenchDatabase(which);
  await ensureFirstAdmin(database.db, BENCH_ADMIN_PASSWORD, DEFAULT_ADMIN_PASSWORD);
  const jobs = await startJobs(database, (err) => console.error('[jobs]', err));
  const ctx: AppContext = {
    config: loadConfig({ QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_LOG_LEVEL: 'silent' }),
    database,
    db: database.db,
    files: createFileStore(dataDir),
    events: createEventHub(),
    jobs,
  };
  const app = await buildApp(ctx);
  const api = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: { 'x-token': token }, payload });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
    return res.json().data;
  };
  const login = { username: 'admin', password: BENCH_ADMIN_PASSWORD };
  const { token } = await api('POST', '/api/login/', '', login);
  const address = dovecot.addUser('bench');
  await api('POST', '/api/email/update_email_account/', token, {
    address,
    imap_host: dovecot.host,
    imap_port: dovecot.port,
    imap_secure: false,
    imap_user: address,
    imap_password: 'secret',
    smtp_host: '127.0.0.1',
    smtp_port: port,
    smtp_secure: false,
  });
  const drafts: number[] = [];
  for (let i = 0; i < total; i++) {
    const draft = await api('GET', '/api/email/compose/?mode=new', token);
    const fields = { to: [TO], cc: [], bcc: [], subject: subject(i), html: html(i), attachment_ids: [] };
    await api('POST', '/api/email/save_draft/', token, { id: draft.id, version: draft.version, ...fields });
    drafts.push(draft.id);
  }
  const worker = await startEmailSend(ctx);

  const from = received.length;
  const sentAt: number[] = [];
  let next = 0;
  const sender = async () => {
    for (let i = next++; i < total; i = next++) {
      sentAt[i] = Date.now();
      await api('POST', '/api/email/send_email/', token, { id: drafts[i], undo_seconds: 0 });
    }
  };
  const callsStart = Date.now();
  let callsSeconds = 0;
  await profiled(profilePath, async () => {
    await Promise.all(Array.from({ length: senders }, sender));
    callsSeconds = (Date.now() - callsStart) / 1000;
    await until('every message accepted', () => received.length >= from + total);
  });
  const result = { ...figures(sentAt, received.slice(from)), send_calls_seconds: callsSeconds };
  await worker?.stop();
  const imap = await dovecot.client(address);
  const sentCopies = (await imap.mailboxOpen('Sent', { readOnly: true })).exists;
  await imap.logout();
  await app.close();
  await jobs.stop();
  await drop();
  return { ...result, sent_folder_copies: sentCopies };
}

const dovecot = await startDovecot();
const smtp = await startSmtp(smtpMs > 0 ? () => sleep(smtpMs) : undefined);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-bench-'));
try {
  const nodemailerAlone = await baseline(smtp.port, smtp.received);
  const sendPipeline = await pipeline(smtp.port, smtp.received, dovecot, dataDir);
  const result = {
    messages: total,
    database: which,
    senders,
    smtp_ms: smtpMs,
    baseline_nodemailer: nodemailerAlone,
    pipeline: sendPipeline,
    ratio: +(sendPipeline.per_second / nodemailerAlone.per_second).toFixed(3),
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await smtp.close();
  await dovecot.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
