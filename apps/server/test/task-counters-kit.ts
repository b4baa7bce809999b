import { afterAll, beforeAll, expect } from 'vitest';
import { startTaskSender, type TaskSender, type TaskSenderOptions } from '../src/modules/tasks/worker';
import { call, createTestApp, type DatabaseChoice, type TestApp } from './helpers';
import { startSmtp, type TestSmtp } from './mail/smtp';

/**
 * What the task counters' tests share (task-counters.test.ts, task-counters-postgres.test.ts): the
 * app, an in-process SMTP server and an account sending through it, set up by `useTaskCountersApp`,
 * and the reads of a task's counters.
 */

/** The app of the test file (set by `useTaskCountersApp`'s beforeAll; an ES module live binding). */
export let t: TestApp;
/** The SMTP server the account sends through (set with `t`). */
export let smtp: TestSmtp;
let account: number;
let sender: TaskSender | undefined;
/** Addresses the SMTP server refuses once (550), then accepts. */
export const refuseOnce = new Set<string>();

export type Counters = {
  pending: number;
  sending: number;
  sent: number;
  opened: number;
  failed: number;
  skipped: number;
  opens: number;
};
export const ZERO: Counters = { pending: 0, sending: 0, sent: 0, opened: 0, failed: 0, skipped: 0, opens: 0 };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const admin = (
  method: 'GET' | 'POST',
  url: string,
  init: { query?: Record<string, string | number>; body?: unknown } = {},
) => call(t.app, method, url, { token: t.adminToken, ...init });

/**
 * Registers, at the test file's top level, the set-up of a new app, the SMTP server and the account
 * `sales@counters.test` sending through it (with `@blocked.test` on the black list), and their end.
 */
export function useTaskCountersApp(choice: DatabaseChoice = {}): void {
  beforeAll(async () => {
    t = await createTestApp(choice);
    smtp = await startSmtp(async (mail) => {
      const to = mail.to[0] ?? '';
      if (refuseOnce.delete(to)) throw Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
    });
    const res = await admin('POST', '/api/email/update_email_account/', {
      body: {
        address: 'sales@counters.test',
        name: 'Sales',
        imap_host: '127.0.0.1',
        imap_port: 1,
        imap_secure: false,
        imap_user: 'sales@counters.test',
        imap_password: 'secret',
        smtp_host: '127.0.0.1',
        smtp_port: smtp.port,
        smtp_secure: false,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    account = res.body.data.id;
    await admin('POST', '/api/email/add_black_list/', { body: { value: '@blocked.test', remark: '' } });
  });
  afterAll(async () => {
    await sender?.stop();
    await smtp?.close();
  });
}

/** Starts the task sender (stopped by `stopSender`, or after the file's tests). */
export function startSender(options: Partial<TaskSenderOptions>): void {
  sender = startTaskSender(t.app.ctx, options);
}
export async function stopSender(): Promise<void> {
  await sender?.stop();
  sender = undefined;
}

export async function createTask(list: string[]) {
  const res = await admin('POST', '/api/task/create/', {
    body: { name: 'Counted', account_id: account, subject: 'Hello', html: '<p>Hello</p>', addresses: list },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
export const detail = async (id: number) =>
  (await admin('GET', '/api/task/detail/', { query: { id } })).body.data;

export async function waitFor<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, ms = 30_000) {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`${what}: ${JSON.stringify(v)}`);
    await sleep(20);
  }
}

/** Holds every message before its reply until the function answered is called. */
export function holdSmtp(): () => void {
  let release!: () => void;
  smtp.hold = new Promise<void>((resolve) => {
    release = resolve;
  });
  return () => {
    smtp.hold = undefined;
    release();
  };
}

/** Waits until the tasks have `n` recipients being sent between them. */
export const waitForSending = (what: string, ids: number[], n: number) =>
  waitFor(
    what,
    async () => {
      let sending = 0;
      for (const id of ids) sending += (await countersOf(id)).sending;
      return sending;
    },
    (v) => v === n,
  );

/** Waits until every one of the tasks is done. */
export const waitForDone = (what: string, ids: number[]) =>
  waitFor(
    what,
    async () => {
      const statuses: string[] = [];
      for (const id of ids) statuses.push((await detail(id)).status);
      return statuses;
    },
    (s) => s.every((x) => x === 'done'),
  );

/** A task's counter columns as stored. */
export async function countersOf(id: number): Promise<Counters> {
  const { rows } = await t.database.query<Counters>(
    `SELECT recipients_pending AS pending, recipients_sending AS sending, recipients_sent AS sent,
       recipients_opened AS opened, recipients_failed AS failed, recipients_skipped AS skipped,
       open_count AS opens
     FROM tasks WHERE id = $1`,
    [id],
  );
  expect(rows, `task ${id}`).toHaveLength(1);
  return rows[0]!;
}

/** Every task's counters next to a recount of its recipients, read in one statement (one snapshot). */
export async function expectRecount(): Promise<void> {
  const { rows } = await t.database.query<{
    id: number;
    stored: Counters;
    counted: Counters & { other: number };
  }>(
    `SELECT t.id,
       json_build_object('pending', t.recipients_pending, 'sending', t.recipients_sending,
         'sent', t.recipients_sent, 'opened', t.recipients_opened, 'failed', t.recipients_failed,
         'skipped', t.recipients_skipped, 'opens', t.open_count) AS stored,
       json_build_object(
         'pending', count(r.id) FILTER (WHERE r.status = 'pending'),
         'sending', count(r.id) FILTER (WHERE r.status = 'sending'),
         'sent', count(r.id) FILTER (WHERE r.status = 'sent'),
         'opened', count(r.id) FILTER (WHERE r.status = 'opened'),
         'failed', count(r.id) FILTER (WHERE r.status = 'failed'),
         'skipped', count(r.id) FILTER (WHERE r.status = 'skipped'),
         'opens', coalesce(sum(r.open_count), 0),
         'other', count(r.id) FILTER (WHERE r.status NOT IN
           ('pending', 'sending', 'sent', 'opened', 'failed', 'skipped'))) AS counted
     FROM tasks t LEFT JOIN task_recipients r ON r.task_id = t.id
     GROUP BY t.id ORDER BY t.id`,
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const { other, ...counted } = row.counted;
    expect(other, `task ${row.id}: unknown statuses`).toBe(0);
    expect(row.stored, `task ${row.id}`).toEqual(counted);
  }
}
