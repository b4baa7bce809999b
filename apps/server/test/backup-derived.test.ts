// Restore by a database user that may not turn triggers off (not a superuser, as on most managed
// PostgreSQL): `SET session_replication_role = replica` is refused (restore says so) and the rows
// load with the triggers on. The figures the triggers keep (mail per day, orders per day, task
// counters) must still equal a count of the restored rows, not the loaded figures plus the
// triggers' additions (or a duplicate key); the same for the superuser, and for a backup of an
// older schema (counted after the newer migrations).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrationsFolder, openPglite, openPostgres } from '../src/db/client';
import { taskRecipients, tasks } from '../src/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../src/demo';
import { createBackup } from '../src/lib/backup/create';
import { migrateTo, restoreBackup } from '../src/lib/backup/restore';
import { inTransaction } from '../src/lib/backup/snapshot';
import { call, createTestApp, TEST_DATABASE_URL, type TestApp, tempDir } from './helpers';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/**
 * An empty, unmigrated place. `plainUser`: its database user is not a superuser and owns what it
 * creates (the restore migrates it): on PostgreSQL a role that owns the database, on PGlite a role
 * set on its one connection. Else the superuser, whose restore turns the triggers off.
 */
async function emptyPlace(plainUser: boolean): Promise<Database> {
  if (!TEST_DATABASE_URL) {
    const database = await openPglite(undefined);
    closers.push(() => database.close());
    if (!plainUser) return database;
    const [{ name }] = (await database.query<{ name: string }>('SELECT current_database() AS name')).rows as [
      { name: string },
    ];
    await database.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await database.query('CREATE ROLE restorer NOSUPERUSER');
    await database.query(`GRANT CREATE ON DATABASE "${name}" TO restorer`);
    await database.query('ALTER SCHEMA public OWNER TO restorer');
    await database.query('SET ROLE restorer');
    return database;
  }
  const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const name = `qs_test_${suffix}`;
  const role = `qs_restorer_${suffix}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  if (plainUser) await admin(`CREATE ROLE ${role} LOGIN NOSUPERUSER`);
  await admin(`CREATE DATABASE ${name}${plainUser ? ` OWNER ${role}` : ''}`);
  const url = new URL(TEST_DATABASE_URL);
  if (plainUser) {
    url.username = role;
    url.password = '';
  }
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 3);
  closers.push(async () => {
    await database.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin(`DROP ROLE IF EXISTS ${role}`);
  });
  return database;
}

const rows = async (database: Database, sql: string) => (await database.query(sql)).rows;

const EMAIL_KEYS = 'day, account_id, folder, type, handler_id, created_by, send_status';
const TASK_COUNTERS =
  'recipients_pending, recipients_sending, recipients_sent, recipients_opened, recipients_failed, recipients_skipped, open_count';
const counters = (...n: number[]) =>
  Object.fromEntries(TASK_COUNTERS.split(', ').map((name, i) => [name, n[i]]));

/** The figures as the triggers (or the restore) left them. */
async function derivedData(database: Database) {
  return {
    emailDayCounts: await rows(
      database,
      `SELECT day::text AS day, account_id, folder, type, handler_id, created_by, send_status, n
       FROM email_day_counts ORDER BY ${EMAIL_KEYS}`,
    ),
    orderDayTotals: await rows(
      database,
      `SELECT day::text AS day, owner_id, currency, n, total::text AS total
       FROM order_day_totals ORDER BY day, owner_id, currency`,
    ),
    orderDayLines: await rows(
      database,
      `SELECT day::text AS day, owner_id, currency, k, product_id, label, label_amount::text AS label_amount,
         n, amount::text AS amount
       FROM order_day_lines ORDER BY day, owner_id, currency, k`,
    ),
    taskCounters: await rows(database, `SELECT id, ${TASK_COUNTERS} FROM tasks ORDER BY id`),
  };
}

/** A key whose mail is all gone stays at n = 0 (what the triggers leave): no figure, no count. */
const figures = (d: Awaited<ReturnType<typeof derivedData>>) => ({
  ...d,
  emailDayCounts: d.emailDayCounts.filter((r) => r.n !== 0),
});

/** Mail per day and key counted from the emails (0014's backfill). */
const emailRecount = (database: Database) =>
  rows(
    database,
    `SELECT day::text AS day, account_id, folder, type, handler_id, created_by, send_status, count(*)::int AS n
     FROM (SELECT (date AT TIME ZONE 'UTC')::date AS day, account_id, folder, type,
             coalesce(handler_id, 0) AS handler_id, coalesce(created_by, 0) AS created_by, send_status
           FROM emails WHERE deleted_at IS NULL) e
     GROUP BY ${EMAIL_KEYS} ORDER BY ${EMAIL_KEYS}`,
  );

/**
 * The figures counted from the rows here, not with restore's own statements: mail and tasks as the
 * migrations' backfills count, the order days by the migration's order_day_refresh over every day
 * (it writes the two tables again, which leaves them as they were when they were right).
 */
async function recount(database: Database) {
  const emailDayCounts = await emailRecount(database);
  const taskCounters = await rows(
    database,
    `SELECT t.id,
       (count(r.id) FILTER (WHERE r.status = 'pending'))::int AS recipients_pending,
       (count(r.id) FILTER (WHERE r.status = 'sending'))::int AS recipients_sending,
       (count(r.id) FILTER (WHERE r.status = 'sent'))::int AS recipients_sent,
       (count(r.id) FILTER (WHERE r.status = 'opened'))::int AS recipients_opened,
       (count(r.id) FILTER (WHERE r.status = 'failed'))::int AS recipients_failed,
       (count(r.id) FILTER (WHERE r.status = 'skipped'))::int AS recipients_skipped,
       coalesce(sum(r.open_count), 0)::int AS open_count
     FROM tasks t LEFT JOIN task_recipients r ON r.task_id = t.id GROUP BY t.id ORDER BY t.id`,
  );
  await inTransaction(database, 'BEGIN', (query) =>
    query(`SELECT order_day_refresh(ARRAY(
      SELECT (created_at AT TIME ZONE 'UTC')::date FROM orders
      UNION SELECT day FROM order_day_totals UNION SELECT day FROM order_day_lines))`),
  );
  const { orderDayTotals, orderDayLines } = await derivedData(database);
  return { emailDayCounts, orderDayTotals, orderDayLines, taskCounters };
}

let source: TestApp;
let backupFile: string;

/** The sample mail, orders over several days and currencies (one in a second version), two tasks. */
beforeAll(async () => {
  source = await createTestApp();
  await seedDemo(source.app.ctx, { password: DEMO_PASSWORD });
  const db = source.database;
  const post = async (url: string, body: object) => {
    const res = await call(source.app, 'POST', url, { token: source.adminToken, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: number };
  };
  // Mail in the trash and deleted forever counts differently: one of each.
  await db.query(`UPDATE emails SET folder = 'trash' WHERE id = (SELECT min(id) FROM emails)`);
  await db.query(`UPDATE emails SET deleted_at = now() WHERE id = (SELECT max(id) FROM emails)`);

  const [customer] = (await db.query<{ id: number }>('SELECT id FROM customers ORDER BY id LIMIT 1')).rows;
  const items = [
    { description: 'Gate valve DN50', model: 'GV-50', quantity: '40', unit: 'pcs', unit_price: '12.5' },
    { description: 'Flange gasket', model: '', quantity: '300', unit: 'pcs', unit_price: '0.35' },
  ];
  const first = await post('/api/order/create/', { customer_id: customer?.id, items });
  await post('/api/order/create/', { customer_id: customer?.id, items: items.slice(0, 1), currency: 'EUR' });
  const third = await post('/api/order/create/', { customer_id: customer?.id, items });
  await post('/api/order/update/', {
    id: third.id,
    version: 1,
    items: [{ ...items[0], quantity: '80' }],
  });
  await db.query(`UPDATE orders SET created_at = created_at - interval '3 days' WHERE id = $1`, [first.id]);

  const [account] = (await db.query<{ id: number }>('SELECT id FROM email_accounts ORDER BY id LIMIT 1'))
    .rows;
  const [task] = await db.db
    .insert(tasks)
    .values({
      name: 'Spring offer',
      accountId: account?.id ?? 0,
      type: 'fixed',
      subject: 'Hi',
      html: '<p>Hi</p>',
    })
    .returning({ id: tasks.id });
  await db.db.insert(tasks).values({
    name: 'Nobody yet',
    accountId: account?.id ?? 0,
    type: 'fixed',
    subject: 'Hi',
    html: '<p>Hi</p>',
  });
  const statuses = ['pending', 'pending', 'pending', 'sent', 'sent', 'opened', 'failed', 'skipped'];
  await db.db.insert(taskRecipients).values(
    statuses.map((status, i) => ({
      taskId: task?.id ?? 0,
      address: `buyer${i}@recipients.test`,
      status,
      openCount: status === 'opened' ? 3 : 0,
      token: randomBytes(12).toString('hex'),
    })),
  );
  await db.query(
    `UPDATE task_recipients SET status = 'sending' WHERE id = (SELECT min(id) FROM task_recipients WHERE status = 'pending')`,
  );

  const seeded = await derivedData(db);
  expect(seeded.emailDayCounts.filter((r) => r.n === 0).length).toBeGreaterThan(0);
  expect(seeded.emailDayCounts.length).toBeGreaterThan(1);
  expect(seeded.orderDayTotals.length).toBeGreaterThanOrEqual(3);
  expect(seeded.orderDayLines.length).toBeGreaterThanOrEqual(4);
  expect(seeded.taskCounters).toHaveLength(2);
  expect(seeded.taskCounters[0]).toMatchObject({
    recipients_pending: 2,
    recipients_sending: 1,
    open_count: 3,
  });
  // What the triggers kept while the data was made is what a count finds.
  expect(await recount(db)).toEqual(figures(seeded));
  backupFile = path.join(tempDir('quayside-backup-derived-'), 'b.tar');
  await createBackup(db, source.config.dataDir, backupFile);
}, 120_000);

const users = [
  ['a database user that may not turn the triggers off', true],
  ['the superuser (triggers off)', false],
] as const;

/** Restores `file` into an empty place of that user: the warnings it gave. */
async function restoreAs(
  plainUser: boolean,
  file: string,
): Promise<{ target: Database; warnings: string[] }> {
  const target = await emptyPlace(plainUser);
  const [{ rolsuper }] = (
    await target.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user')
  ).rows as [{ rolsuper: boolean }];
  expect(rolsuper).toBe(!plainUser);
  const warnings: string[] = [];
  await restoreBackup(target, tempDir(), file, { warn: (message) => warnings.push(message) });
  return { target, warnings };
}

describe('restore by a user that may not turn triggers off, and by the superuser', {
  timeout: 120_000,
}, () => {
  it.each(users)(
    '%s: the counts kept by triggers equal a count of the restored rows',
    async (_, plainUser) => {
      const { target, warnings } = await restoreAs(plainUser, backupFile);
      const restored = await derivedData(target);
      expect(restored).toEqual(await derivedData(source.database));
      expect(await recount(target)).toEqual(figures(restored));
      if (plainUser) {
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatch(/session_replication_role/);
      } else expect(warnings).toEqual([]);
    },
  );

  it.each(users)(
    '%s: a backup of an older schema (mail counts there, order days and task counters not yet)',
    async (_, plainUser) => {
      // A place at the level right after the mail counts came (0014), with mail in it, backed up.
      const old = await openPglite(undefined);
      closers.push(() => old.close());
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
        entries: { tag: string }[];
      };
      const level = journal.entries.findIndex((e) => e.tag.startsWith('0014_')) + 1;
      expect(level).toBe(15);
      await migrateTo(old, level);
      await old.query(
        `INSERT INTO email_accounts (address, imap_host, imap_user) VALUES ('a@old.test', 'h', 'u')`,
      );
      await old.query(
        `INSERT INTO emails (account_id, dedupe_key, date, folder, type)
       SELECT (SELECT id FROM email_accounts), 'old-' || i, now() - i * interval '7 hours',
         CASE WHEN i % 4 = 0 THEN 'sent' ELSE 'inbox' END, CASE WHEN i % 3 = 0 THEN 'inquiry' ELSE 'normal' END
       FROM generate_series(1, 40) AS i`,
      );
      await old.query(
        `INSERT INTO tasks (name, account_id, type, subject, html)
       SELECT 'Task ' || i, (SELECT id FROM email_accounts), 'fixed', 'Hi', '<p>Hi</p>' FROM generate_series(1, 2) AS i`,
      );
      await old.query(
        `INSERT INTO task_recipients (task_id, address, status, open_count, token)
       SELECT (SELECT min(id) FROM tasks), 'r' || i || '@old.test', (ARRAY['pending', 'sent', 'opened'])[1 + i % 3],
         CASE WHEN i % 3 = 2 THEN 2 ELSE 0 END, 'token-' || i
       FROM generate_series(1, 9) AS i`,
      );
      const oldFile = path.join(tempDir('quayside-backup-derived-'), 'old.tar');
      const manifest = await createBackup(old, tempDir(), oldFile);
      expect(manifest.migrations).toBe(level);
      const before = await emailRecount(old);

      const { target, warnings } = await restoreAs(plainUser, oldFile);
      const restored = await derivedData(target);
      expect(restored.emailDayCounts).toEqual(before);
      expect(restored.taskCounters).toEqual([
        { id: 1, ...counters(3, 0, 3, 3, 0, 0, 6) },
        { id: 2, ...counters(0, 0, 0, 0, 0, 0, 0) },
      ]);
      expect(await recount(target)).toEqual(figures(restored));
      expect(warnings).toHaveLength(plainUser ? 1 : 0);
    },
  );
});
