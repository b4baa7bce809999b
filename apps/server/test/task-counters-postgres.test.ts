import { describe, expect, it } from 'vitest';
import {
  admin,
  countersOf,
  createTask,
  expectRecount,
  holdSmtp,
  refuseOnce,
  startSender,
  stopSender,
  t,
  useTaskCountersApp,
  waitFor,
  waitForDone,
  waitForSending,
  ZERO,
} from './task-counters-kit';

// Row locks held by another transaction, and the waits seen in pg_stat_activity, are PostgreSQL's
// (the embedded database has one connection by construction), so this file runs on the PostgreSQL
// server in both passes of the suite: the machine's own, unless TEST_DATABASE_URL names another.
// Without one it fails, saying so (helpers.ts POSTGRES_URL).

/**
 * The sender's write of a batch of answers takes its tasks' rows in id order (one statement), never
 * a later task's row before waiting for an earlier one's.
 */
useTaskCountersApp({ postgres: true });

describe('lock order of the answers written (PostgreSQL)', () => {
  it("a batch with an accepted answer of a later task and a refused one of an earlier task holds neither task's row while it waits for the earlier one", async () => {
    const low = (await createTask(['lock-low@buyers.test'])).id;
    const high = (await createTask(['lock-high@buyers.test'])).id;
    expect(low).toBeLessThan(high);
    const release = holdSmtp();
    refuseOnce.add('lock-low@buyers.test');
    // Both answers come within milliseconds of each other: one batch, one transaction.
    startSender({ pollMs: 50, batchSize: 4, writeEveryMs: 1000 });
    await admin('POST', '/api/task/start/', { body: { id: low } });
    await admin('POST', '/api/task/start/', { body: { id: high } });
    await waitForSending('both claimed', [low, high], 2);
    // Another transaction holds the earlier task's row (as a claim of that task would).
    const other = await t.database.pool!.connect();
    let inTransaction = false;
    try {
      await other.query('BEGIN');
      inTransaction = true;
      await other.query('SELECT 1 FROM tasks WHERE id = $1 FOR NO KEY UPDATE', [low]);
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
    await waitForDone('both done', [low, high]);
    expect(await countersOf(low)).toEqual({ ...ZERO, failed: 1 });
    expect(await countersOf(high)).toEqual({ ...ZERO, sent: 1 });
    await expectRecount();
    await stopSender();
  });
});
