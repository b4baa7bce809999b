import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taskRecipients } from '../src/db/schema';
import { recoverInterrupted, UNCERTAIN_ERROR } from '../src/modules/tasks/worker';
import {
  admin,
  countersOf,
  createTask,
  detail,
  expectRecount,
  holdSmtp,
  refuseOnce,
  sleep,
  startSender,
  stopSender,
  t,
  useTaskCountersApp,
  waitFor,
  waitForDone,
  waitForSending,
  ZERO,
} from './task-counters-kit';

/**
 * The counters of a task (recipients per status, their opens: migration 0018) are kept by triggers
 * on task_recipients, whichever code writes it. After each kind of change — a new task with skipped
 * addresses, a claim of recipients of two tasks, accepted and refused answers, an open, a retry, an
 * unsubscribe, recovery of interrupted sends, statements over several tasks (insert, update, a move
 * to another task, delete), a deleted task and a truncate — every task's counters are the exact
 * figures expected here, and equal a recount of its recipients. The lock order of the sender's
 * writes (PostgreSQL's) is task-counters-postgres.test.ts's.
 */
useTaskCountersApp();

const BROWSER = 'Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko)';

const addresses = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}@buyers.test`);

const recipientsOf = (taskId: number) =>
  t.database.db.select().from(taskRecipients).where(eq(taskRecipients.taskId, taskId));
const byAddress = async (taskId: number, address: string) =>
  (await recipientsOf(taskId)).find((r) => r.address === address)!;

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
    const release = holdSmtp();
    refuseOnce.add('a3@buyers.test');
    // Four claimed at once; while SMTP holds them the sender claims no more (half the batch is out).
    startSender({ pollMs: 50, batchSize: 4 });
    await admin('POST', '/api/task/start/', { body: { id: a } });
    await admin('POST', '/api/task/start/', { body: { id: e } });
    await waitForSending('four claimed', [a, e], 4);
    await sleep(200);
    const [held, heldE] = [await countersOf(a), await countersOf(e)];
    expect(held.sending + heldE.sending).toBe(4);
    expect(held).toEqual({ ...ZERO, pending: 5 - held.sending, sending: held.sending, skipped: 2 });
    expect(heldE).toEqual({ ...ZERO, pending: 3 - heldE.sending, sending: heldE.sending });
    await expectRecount();
    // The detail counts a recipient being sent as still pending.
    expect(await detail(a)).toMatchObject({ total: 7, pending: 5, sent: 0, skipped: 2, progress: 0 });

    release();
    await waitForDone('both done', [a, e]);
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
    await stopSender();
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
