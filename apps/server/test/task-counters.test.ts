import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskRecipients } from '../src/db/schema';
import {
  recoverInterrupted,
  startTaskSender,
  type TaskSender,
  UNCERTAIN_ERROR,
} from '../src/modules/tasks/worker';
import { call, createTestApp, TEST_DATABASE_URL, type TestApp } from './helpers';
import { startSmtp, type TestSmtp } from './mail/smtp';

/**
 * The counters of a task (recipients per status, their opens: migration 0018) are kept by triggers
 * on task_recipients, whichever code writes it. After each kind of change — a new task with skipped
 * addresses, a claim of recipients of two tasks, accepted and refused answers, an open, a retry, an
 * unsubscribe, recovery of interrupted sends, statements over several tasks (insert, update, a move
 * to another task, delete), a deleted task and a truncate — every task's counters are the exact
 * figures expected here, and equal a recount of its recipients. On PostgreSQL, the sender's write
 * of a batch of answers takes its tasks' rows in id order (one statement), never a later task's
 * row before waiting for an earlier one's.
 */
let t: TestApp;
let smtp: TestSmtp;
let sender: TaskSender | undefined;
let account: number;
/** Addresses the SMTP server refuses once (550), then accepts. */
const refuseOnce = new Set<string>();

type Counters = {
  pending: number;
  sending: number;
  sent: number;
  opened: number;
  failed: number;
  skipped: number;
  opens: number;
};
const ZERO: Counters = { pending: 0, sending: 0, sent: 0, opened: 0, failed: 0, skipped: 0, opens: 0 };
const BROWSER = 'Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko)';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const admin = (
  method: 'GET' | 'POST',
  url: string,
  init: { query?: Record<string, string | number>; body?: unknown } = {},
) => call(t.app, method, url, { token: t.adminToken, ...init });
const addresses = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}@buyers.test`);

async function createTask(list: string[]) {
  const res = await admin('POST', '/api/task/create/', {
    body: { name: 'Counted', account_id: account, subject: 'Hello', html: '<p>Hello</p>', addresses: list },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const detail = async (id: number) => (await admin('GET', '/api/task/detail/', { query: { id } })).body.data;

async function waitFor<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, ms = 30_000) {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`${what}: ${JSON.stringify(v)}`);
    await sleep(20);
  }
}

/** A task's counter columns as stored. */
async function countersOf(id: number): Promise<Counters> {
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
async function expectRecount(): Promise<void> {
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

const recipientsOf = (taskId: number) =>
  t.database.db.select().from(taskRecipients).where(eq(taskRecipients.taskId, taskId));
const byAddress = async (taskId: number, address: string) =>
  (await recipientsOf(taskId)).find((r) => r.address === address)!;

beforeAll(async () => {
  t = await createTestApp();
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

describe('task counters follow task_recipients', () => {
  /** Five to send, two skipped (a duplicate is not stored). */
  let a: number;
  /** Three to send. */
  let e: number;
  /** Drafts sharing the address that unsubscribes. */
  let b: number;
  let c: number;

  it('a new task counts its recipients, the skipped ones too', async () => {
    const created = await createTask([
      ...addresses(5, 'a'),
      'x@blocked.test',
      'not an address',
      'A1@buyers.test',
    ]);
    a = created.id;
    expect(created).toMatchObject({ total: 7, pending: 5, skipped: 2, sent: 0, failed: 0, open_count: 0 });
    expect(await countersOf(a)).toEqual({ ...ZERO, pending: 5, skipped: 2 });
    e = (await createTask(addresses(3, 'e'))).id;
    expect(await countersOf(e)).toEqual({ ...ZERO, pending: 3 });
    await expectRecount();
  });

  it('a claim over two tasks (pending → sending), then accepted and refused answers (→ sent, failed)', async () => {
    let release!: () => void;
    smtp.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    refuseOnce.add('a3@buyers.test');
    // Four claimed at once; while SMTP holds them the sender claims no more (half the batch is out).
    sender = startTaskSender(t.app.ctx, { pollMs: 50, batchSize: 4 });
    await admin('POST', '/api/task/start/', { body: { id: a } });
    await admin('POST', '/api/task/start/', { body: { id: e } });
    await waitFor(
      'four claimed',
      async () => (await countersOf(a)).sending + (await countersOf(e)).sending,
      (n) => n === 4,
    );
    await sleep(200);
    const [held, heldE] = [await countersOf(a), await countersOf(e)];
    expect(held.sending + heldE.sending).toBe(4);
    expect(held).toEqual({ ...ZERO, pending: 5 - held.sending, sending: held.sending, skipped: 2 });
    expect(heldE).toEqual({ ...ZERO, pending: 3 - heldE.sending, sending: heldE.sending });
    await expectRecount();
    // The detail counts a recipient being sent as still pending.
    expect(await detail(a)).toMatchObject({ total: 7, pending: 5, sent: 0, skipped: 2, progress: 0 });

    smtp.hold = undefined;
    release();
    await waitFor(
      'both done',
      async () => [(await detail(a)).status, (await detail(e)).status],
      (s) => s.every((x) => x === 'done'),
    );
    expect(refuseOnce.size).toBe(0);
    expect(await countersOf(a)).toEqual({ ...ZERO, sent: 4, failed: 1, skipped: 2 });
    expect(await countersOf(e)).toEqual({ ...ZERO, sent: 3 });
    expect((await byAddress(a, 'a3@buyers.test')).status).toBe('failed');
    expect(await detail(a)).toMatchObject({ total: 7, pending: 0, sent: 4, failed: 1, progress: 100 });
    await expectRecount();
  });

  it('an open (sent → opened, its opens added); a scanner, a new send time or a pixel hit alone change nothing', async () => {
    const reader = await byAddress(a, 'a0@buyers.test');
    const pixel = (ua: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/task/open/?t=${reader.token}`,
        headers: { 'user-agent': ua },
      });
    await pixel(BROWSER); // within seconds of delivery: a prefetch, a hit only
    await t.database.db
      .update(taskRecipients)
      .set({ sentAt: new Date(Date.now() - 60_000) })
      .where(eq(taskRecipients.id, reader.id));
    await pixel('Barracuda Sentinel (EE)');
    expect(await countersOf(a)).toEqual({ ...ZERO, sent: 4, failed: 1, skipped: 2 });
    await pixel(BROWSER);
    await pixel(BROWSER);
    expect(await byAddress(a, 'a0@buyers.test')).toMatchObject({
      status: 'opened',
      openCount: 2,
      hitCount: 4,
    });
    expect(await countersOf(a)).toEqual({ ...ZERO, sent: 3, opened: 1, failed: 1, skipped: 2, opens: 2 });
    expect(await detail(a)).toMatchObject({ sent: 4, opened: 1, open_count: 2 });
    await expectRecount();
  });

  it('a retry of the failed ones (failed → pending), sent again', async () => {
    const retried = await admin('POST', '/api/task/retry/', { body: { id: a } });
    expect(retried.body.data).toMatchObject({ status: 'running', pending: 1, failed: 0 });
    await waitFor(
      'retried',
      () => detail(a),
      (d) => d.status === 'done',
    );
    expect(await countersOf(a)).toEqual({ ...ZERO, sent: 4, opened: 1, skipped: 2, opens: 2 });
    await expectRecount();
    // The rest of the steps write task_recipients directly: nothing else may change it meanwhile.
    await sender?.stop();
    sender = undefined;
  });

  it('an unsubscribe skips the address where it is pending, in every task at once', async () => {
    b = (await createTask(['leaver@buyers.test', ...addresses(3, 'b')])).id;
    c = (await createTask(['leaver@buyers.test', ...addresses(2, 'c')])).id;
    expect(await countersOf(b)).toEqual({ ...ZERO, pending: 4 });
    expect(await countersOf(c)).toEqual({ ...ZERO, pending: 3 });
    const leaver = await byAddress(b, 'leaver@buyers.test');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/task/unsubscribe/?t=${leaver.token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect((await byAddress(c, 'leaver@buyers.test')).status).toBe('skipped');
    expect(await countersOf(b)).toEqual({ ...ZERO, pending: 3, skipped: 1 });
    expect(await countersOf(c)).toEqual({ ...ZERO, pending: 2, skipped: 1 });
    expect(await countersOf(a)).toEqual({ ...ZERO, sent: 4, opened: 1, skipped: 2, opens: 2 });
    await expectRecount();
  });

  it('recovery of interrupted sends (sending → failed), over two tasks', async () => {
    const stuck = [
      (await byAddress(b, 'b0@buyers.test')).id,
      (await byAddress(b, 'b1@buyers.test')).id,
      (await byAddress(c, 'c0@buyers.test')).id,
    ];
    // The state a crash leaves: claimed an hour ago, never answered.
    await t.database.db
      .update(taskRecipients)
      .set({ status: 'sending', claimedAt: new Date(Date.now() - 3_600_000) })
      .where(inArray(taskRecipients.id, stuck));
    expect(await countersOf(b)).toEqual({ ...ZERO, pending: 1, sending: 2, skipped: 1 });
    expect(await countersOf(c)).toEqual({ ...ZERO, pending: 1, sending: 1, skipped: 1 });
    await expectRecount();
    const touched = await recoverInterrupted(t.database.db, 60_000);
    expect(touched.sort((x, y) => x - y)).toEqual([b, c].sort((x, y) => x - y));
    expect((await byAddress(b, 'b0@buyers.test')).error).toBe(UNCERTAIN_ERROR);
    expect(await countersOf(b)).toEqual({ ...ZERO, pending: 1, failed: 2, skipped: 1 });
    expect(await countersOf(c)).toEqual({ ...ZERO, pending: 1, failed: 1, skipped: 1 });
    await expectRecount();
  });

  it('one statement over several tasks: an insert, an update (statuses, opens, a move to another task), a delete', async () => {
    await t.database.query(
      `INSERT INTO task_recipients (task_id, address, status, open_count, token) VALUES
         ($1, 'late@buyers.test', 'sent', 0, 'tok-late-a-000000000'),
         ($2, 'b9@buyers.test', 'pending', 0, 'tok-late-b-000000000'),
         ($3, 'c9@buyers.test', 'opened', 4, 'tok-late-c-000000000')`,
      [a, b, c],
    );
    expect(await countersOf(a)).toEqual({ ...ZERO, sent: 5, opened: 1, skipped: 2, opens: 2 });
    expect(await countersOf(b)).toEqual({ ...ZERO, pending: 2, failed: 2, skipped: 1 });
    expect(await countersOf(c)).toEqual({ ...ZERO, pending: 1, opened: 1, failed: 1, skipped: 1, opens: 4 });
    await expectRecount();

    const id = async (task: number, address: string) => (await byAddress(task, address)).id;
    const rows: [number, number, string, number, number][] = [
      // A: three more opens of the opened one; a sent one bounces; a skipped one only gets a pixel hit.
      [await id(a, 'a0@buyers.test'), a, 'opened', 5, 1],
      [await id(a, 'a1@buyers.test'), a, 'failed', 0, 0],
      [await id(a, 'x@blocked.test'), a, 'skipped', 0, 1],
      // B: a failed one back to pending; another failed one moves to C.
      [await id(b, 'b0@buyers.test'), b, 'pending', 0, 0],
      [await id(b, 'b1@buyers.test'), c, 'failed', 0, 0],
      // C: its last pending one skipped.
      [await id(c, 'c1@buyers.test'), c, 'skipped', 0, 0],
    ];
    await t.database.query(
      `UPDATE task_recipients r SET task_id = v.task_id, status = v.status, open_count = v.opens,
         hit_count = r.hit_count + v.hits
       FROM unnest($1::int[], $2::int[], $3::text[], $4::int[], $5::int[]) AS v (id, task_id, status, opens, hits)
       WHERE r.id = v.id`,
      [0, 1, 2, 3, 4].map((i) => rows.map((r) => r[i])),
    );
    expect(await countersOf(a)).toEqual({ ...ZERO, sent: 4, opened: 1, failed: 1, skipped: 2, opens: 5 });
    expect(await countersOf(b)).toEqual({ ...ZERO, pending: 3, skipped: 1 });
    expect(await countersOf(c)).toEqual({ ...ZERO, opened: 1, failed: 2, skipped: 2, opens: 4 });
    await expectRecount();

    // An update that changes nothing counted (a new schedule) writes nothing.
    await t.database.query(`UPDATE task_recipients SET scheduled_at = now() WHERE task_id = ANY($1::int[])`, [
      [a, b, c],
    ]);
    expect(await countersOf(b)).toEqual({ ...ZERO, pending: 3, skipped: 1 });

    await t.database.query(
      `DELETE FROM task_recipients WHERE address IN ('a1@buyers.test', 'b9@buyers.test', 'c9@buyers.test')`,
    );
    expect(await countersOf(a)).toEqual({ ...ZERO, sent: 4, opened: 1, skipped: 2, opens: 5 });
    expect(await countersOf(b)).toEqual({ ...ZERO, pending: 2, skipped: 1 });
    expect(await countersOf(c)).toEqual({ ...ZERO, failed: 2, skipped: 2 });
    expect(await countersOf(e)).toEqual({ ...ZERO, sent: 3 });
    await expectRecount();
  });

  it('a deleted task: soft (counters kept), then for good (its recipients go by cascade, the others stay)', async () => {
    const res = await admin('POST', '/api/task/delete/', { body: { ids: [c] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await countersOf(c)).toEqual({ ...ZERO, failed: 2, skipped: 2 });
    await t.database.query('DELETE FROM tasks WHERE id = ANY($1::int[])', [[c, e]]);
    const { rows } = await t.database.query('SELECT id FROM task_recipients WHERE task_id = ANY($1::int[])', [
      [c, e],
    ]);
    expect(rows).toHaveLength(0);
    expect(await countersOf(a)).toEqual({ ...ZERO, sent: 4, opened: 1, skipped: 2, opens: 5 });
    expect(await countersOf(b)).toEqual({ ...ZERO, pending: 2, skipped: 1 });
    await expectRecount();
  });

  it('a truncate of the recipients zeroes every task', async () => {
    await t.database.query('TRUNCATE task_recipients');
    expect(await countersOf(a)).toEqual(ZERO);
    expect(await countersOf(b)).toEqual(ZERO);
    await expectRecount();
  });
});

describe.skipIf(!TEST_DATABASE_URL)('lock order of the answers written (PostgreSQL)', () => {
  it("a batch with an accepted answer of a later task and a refused one of an earlier task holds neither task's row while it waits for the earlier one", async () => {
    const low = (await createTask(['lock-low@buyers.test'])).id;
    const high = (await createTask(['lock-high@buyers.test'])).id;
    expect(low).toBeLessThan(high);
    let release!: () => void;
    smtp.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    refuseOnce.add('lock-low@buyers.test');
    // Both answers come within milliseconds of each other: one batch, one transaction.
    sender = startTaskSender(t.app.ctx, { pollMs: 50, batchSize: 4, writeEveryMs: 1000 });
    await admin('POST', '/api/task/start/', { body: { id: low } });
    await admin('POST', '/api/task/start/', { body: { id: high } });
    await waitFor(
      'both claimed',
      async () => (await countersOf(low)).sending + (await countersOf(high)).sending,
      (n) => n === 2,
    );
    // Another transaction holds the earlier task's row (as a claim of that task would).
    const other = await t.database.pool!.connect();
    let inTransaction = false;
    try {
      await other.query('BEGIN');
      inTransaction = true;
      await other.query('SELECT 1 FROM tasks WHERE id = $1 FOR NO KEY UPDATE', [low]);
      smtp.hold = undefined;
      release();
      await waitFor(
        'the write waiting for the earlier task',
        async () =>
          (
            await t.database.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity
               WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%task_recipients%'`,
            )
          ).rows[0]!.n,
        (n) => n === 1,
      );
      // The later task's row is free meanwhile: a claim taking both in id order would not wait in a circle.
      await other.query('SELECT 1 FROM tasks WHERE id = $1 FOR NO KEY UPDATE NOWAIT', [high]);
      await other.query('COMMIT');
      inTransaction = false;
    } finally {
      if (inTransaction) await other.query('ROLLBACK');
      other.release();
    }
    await waitFor(
      'both done',
      async () => [(await detail(low)).status, (await detail(high)).status],
      (s) => s.every((x) => x === 'done'),
    );
    expect(await countersOf(low)).toEqual({ ...ZERO, failed: 1 });
    expect(await countersOf(high)).toEqual({ ...ZERO, sent: 1 });
    await expectRecount();
    await sender.stop();
    sender = undefined;
  });
});
