import { randomBytes } from 'node:crypto';
import type {
  ListAnswer,
  RecipientStatus,
  Task,
  TaskCounts,
  TaskCreate,
  TaskListItem,
  TaskListQuery,
  TaskRecipient,
  TaskRecipientsQuery,
  TaskState,
  TaskType,
  TaskUpdate,
} from '@quayside/contract';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, emailAccounts, files, taskRecipients, tasks } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError, forbidden, invalid } from '../../lib/errors';
import { containsPattern, offsetOf, orderBy } from '../../lib/list';
import { ownScope, type Viewer } from '../../lib/scope';
import type { SessionUser } from '../../lib/sessions';
import { findAccountRow, mayUseAccounts } from '../email/accounts';
import { readableFiles } from '../files/access';
import { loadTask, taskAudience } from './access';
import { resolveAudience } from './audience';
import {
  fixedSchedule,
  isTimeZone,
  minutesOfDay,
  nextWorkingMoment,
  randomSchedule,
  WindowTooShortError,
} from './schedule';
import { wakeTaskSender } from './wake';

type TaskRow = typeof tasks.$inferSelect;
type User = SessionUser;

export const newToken = () => randomBytes(18).toString('base64url');

export { loadTask, mayWorkTask } from './access';

type Counts = Omit<TaskCounts, 'progress'> & { next: Date | null };

/** The task's recipient counters (kept by triggers): what its progress is read from. */
const counterColumns = {
  recipientsPending: tasks.recipientsPending,
  recipientsSending: tasks.recipientsSending,
  recipientsSent: tasks.recipientsSent,
  recipientsOpened: tasks.recipientsOpened,
  recipientsFailed: tasks.recipientsFailed,
  recipientsSkipped: tasks.recipientsSkipped,
  openCount: tasks.openCount,
};
type Counters = Pick<TaskRow, keyof typeof counterColumns>;

/**
 * A task's figures from its counters (kept by triggers on task_recipients in the transaction of
 * each change, migration 0018): sending ones are still pending, an opened email was sent.
 */
function countsOf(row: Counters, next: Date | null): Counts {
  const pending = row.recipientsPending + row.recipientsSending;
  const sent = row.recipientsSent + row.recipientsOpened;
  return {
    total: pending + sent + row.recipientsFailed + row.recipientsSkipped,
    pending,
    sent,
    opened: row.recipientsOpened,
    failed: row.recipientsFailed,
    skipped: row.recipientsSkipped,
    open_count: row.openCount,
    next,
  };
}

/** When a running task sends next: one probe of the index task_recipients_task_due, not a scan. */
const nextSend = sql<Date | null>`CASE WHEN ${tasks.status} = 'running' THEN (
  SELECT min(r.scheduled_at) FROM task_recipients r WHERE r.task_id = ${tasks.id} AND r.status = 'pending') END`.mapWith(
  (v: Date | string | null) => (v === null ? null : new Date(v)),
);

/** When a running task sends next (the detail's): the same probe, for one task. */
async function nextSendOf(db: Db, row: TaskRow): Promise<Date | null> {
  if (row.status !== 'running') return null;
  const [r] = await db.select({ next: nextSend }).from(tasks).where(eq(tasks.id, row.id));
  return r?.next ?? null;
}

function progressOf(c: Counts): number {
  const sendable = c.total - c.skipped;
  return sendable === 0 ? 100 : Math.floor(((sendable - c.pending) * 100) / sendable);
}

function toListItem(row: TaskRow, account: string, c: Counts): TaskListItem {
  const { next, ...counts } = c;
  return {
    ...counts,
    progress: progressOf(c),
    id: row.id,
    name: row.name,
    remark: row.remark,
    type: row.type as TaskType,
    status: row.status as TaskState,
    account_id: row.accountId,
    account_address: account,
    interval_minutes: row.intervalMinutes,
    window_start: row.windowStart?.toISOString() ?? null,
    window_end: row.windowEnd?.toISOString() ?? null,
    working_hours: row.workingHours ?? null,
    next_send_at: row.status === 'running' ? (next?.toISOString() ?? null) : null,
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const sortColumns = { created_at: tasks.createdAt, name: sql`lower(${tasks.name})`, status: tasks.status };

/** The task list's filter, narrowed to the viewer's tasks (a salesperson: her own). */
export function taskListFilter(query: TaskListQuery, viewer: Viewer): SQL | undefined {
  return and(
    isNull(tasks.deletedAt),
    ownScope(viewer, tasks.createdBy),
    query.q
      ? sql`lower(${tasks.name} || ' ' || ${tasks.remark}) LIKE ${containsPattern(query.q)}`
      : undefined,
    query.status ? eq(tasks.status, query.status) : undefined,
    query.account_id ? eq(tasks.accountId, query.account_id) : undefined,
  );
}

export async function listTasks(
  db: Db,
  viewer: Viewer,
  query: TaskListQuery,
): Promise<ListAnswer<TaskListItem>> {
  const where = taskListFilter(query, viewer);
  const [rows, [total]] = await Promise.all([
    db
      .select({ task: tasks, account: emailAccounts.address, next: nextSend })
      .from(tasks)
      .innerJoin(emailAccounts, eq(emailAccounts.id, tasks.accountId))
      .where(where)
      .orderBy(...orderBy(query.sort, sortColumns, '-created_at', tasks.id))
      .limit(query.page_size)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(tasks).where(where),
  ]);
  return {
    items: rows.map((r) => toListItem(r.task, r.account, countsOf(r.task, r.next))),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

export async function getTask(db: Db, user: User, id: number): Promise<Task> {
  const row = await loadTask(db, user, id);
  const account = await findAccountRow(db, row.accountId);
  const counts = countsOf(row, await nextSendOf(db, row));
  const fileRows = row.attachmentIds.length
    ? await db
        .select({ file_id: files.id, name: files.name, size: files.size, mime: files.mime })
        .from(files)
        .where(inArray(files.id, row.attachmentIds))
    : [];
  return {
    ...toListItem(row, account.address, counts),
    subject: row.subject,
    html: row.html,
    attachment_ids: row.attachmentIds,
    attachments: row.attachmentIds.flatMap((fid) => fileRows.filter((f) => f.file_id === fid)),
    copy_to_sent: row.copyToSent,
    customer_filter: row.customerFilter as Task['customer_filter'],
    can_edit: row.status === 'draft' || row.status === 'paused',
  };
}

/** A usable sending account: one the user may send from, with SMTP set. */
export async function assertAccount(db: Db, user: User, accountId: number): Promise<void> {
  const account = await findAccountRow(db, accountId).catch(() => {
    throw invalid('account_id', 'recordNotFound', { thing: 'thingEmailAccount' });
  });
  if (!(await mayUseAccounts(db, user, [accountId]))) throw forbidden();
  if (!account.smtpHost) throw invalid('account_id', 'smtpNotConfigured');
}

type Schedule = Pick<TaskRow, 'type' | 'windowStart' | 'windowEnd' | 'workingHours'>;

function assertWindow(s: Schedule): void {
  const hours = s.workingHours;
  if (hours && !isTimeZone(hours.time_zone))
    throw invalid('working_hours.time_zone', 'taskUnknownTimeZone', { zone: hours.time_zone });
  if (hours && minutesOfDay(hours.end) <= minutesOfDay(hours.start))
    throw invalid('working_hours.end', 'taskHoursOrder');
  if (s.type !== 'random') return;
  if (!s.windowStart || !s.windowEnd || s.windowEnd <= s.windowStart)
    throw invalid('window_end', 'taskWindowRequired');
}

const RECIPIENT_CHUNK = 1000;

/** Creates a draft task with its recipients (one transaction); it starts only on `start`. */
export async function createTask(ctx: AppContext, user: User, body: TaskCreate) {
  const { db } = ctx;
  await assertAccount(db, user, body.account_id);
  const schedule: Schedule = {
    type: body.type,
    windowStart: body.window_start ? new Date(body.window_start) : null,
    windowEnd: body.window_end ? new Date(body.window_end) : null,
    workingHours: body.working_hours,
  };
  assertWindow(schedule);
  await readableFiles(db, user, body.attachment_ids, 'attachment_ids');
  const audience = await resolveAudience(db, user, body);
  if (audience.send.length === 0) throw invalid('addresses', 'taskNoRecipients');
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tasks)
      .values({
        name: body.name,
        remark: body.remark,
        accountId: body.account_id,
        ...schedule,
        intervalMinutes: body.interval_minutes,
        subject: body.subject,
        html: body.html,
        attachmentIds: body.attachment_ids,
        customerFilter: body.customer_filter,
        copyToSent: body.copy_to_sent,
        createdBy: user.id,
      })
      .returning({ id: tasks.id });
    const values = [
      ...audience.send.map((e) => ({ ...e, status: 'pending', error: '' })),
      ...audience.skipped.map(({ reason, ...e }) => ({ ...e, status: 'skipped', error: reason })),
    ].map((e) => ({ taskId: row!.id, token: newToken(), ...e }));
    for (let i = 0; i < values.length; i += RECIPIENT_CHUNK) {
      await tx
        .insert(taskRecipients)
        .values(values.slice(i, i + RECIPIENT_CHUNK))
        .onConflictDoNothing();
    }
    return row!.id;
  });
  return { ...(await getTask(db, user, id)), duplicates: audience.duplicates };
}

function assertState(row: TaskRow, ...states: TaskState[]): void {
  if (!states.includes(row.status as TaskState))
    throw new AppError('CONFLICT', 'taskWrongState', { state: row.status });
}

/** Text and schedule of a draft or a paused task; what was sent keeps its text. */
export async function updateTask(db: Db, user: User, body: TaskUpdate): Promise<Task> {
  const row = await loadTask(db, user, body.id);
  assertState(row, 'draft', 'paused');
  if (body.attachment_ids) await readableFiles(db, user, body.attachment_ids, 'attachment_ids');
  const schedule: Schedule = {
    type: body.type ?? row.type,
    windowStart:
      body.window_start !== undefined
        ? body.window_start
          ? new Date(body.window_start)
          : null
        : row.windowStart,
    windowEnd:
      body.window_end !== undefined ? (body.window_end ? new Date(body.window_end) : null) : row.windowEnd,
    workingHours: body.working_hours !== undefined ? body.working_hours : row.workingHours,
  };
  assertWindow(schedule);
  await db
    .update(tasks)
    .set({
      name: body.name,
      remark: body.remark,
      subject: body.subject,
      html: body.html,
      attachmentIds: body.attachment_ids,
      copyToSent: body.copy_to_sent,
      intervalMinutes: body.interval_minutes,
      ...schedule,
      updatedAt: new Date(),
    })
    .where(eq(tasks.id, row.id));
  return getTask(db, user, row.id);
}

/**
 * Draws the pending recipients' times from now on and stores them (a restart keeps them). Fixed:
 * one every interval from now; random: distinct minutes of what is left of the window.
 */
async function scheduleRecipients(db: Db, row: TaskRow, now: Date): Promise<void> {
  const pending = await db
    .select({ id: taskRecipients.id })
    .from(taskRecipients)
    .where(and(eq(taskRecipients.taskId, row.id), eq(taskRecipients.status, 'pending')))
    .orderBy(asc(taskRecipients.id));
  let times: Date[];
  try {
    times =
      row.type === 'random'
        ? randomSchedule(pending.length, row.windowStart!, row.windowEnd!, now, Math.random, row.workingHours)
        : fixedSchedule(pending.length, now, row.intervalMinutes, row.workingHours);
  } catch (err) {
    if (!(err instanceof WindowTooShortError)) throw err;
    throw invalid('window_end', 'taskWindowTooShort', { minutes: err.minutes, count: pending.length });
  }
  if (pending.length === 0) return;
  // One UPDATE from a VALUES list per chunk: 10,000 recipients are 10 statements, not 10,000.
  for (let i = 0; i < pending.length; i += RECIPIENT_CHUNK) {
    const rows = pending
      .slice(i, i + RECIPIENT_CHUNK)
      .map((p, j) => sql`(${p.id}::int, ${times[i + j]!.toISOString()}::timestamptz)`);
    await db.execute(sql`
      UPDATE task_recipients AS r SET scheduled_at = v.at
      FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, at)
      WHERE r.id = v.id AND r.status = 'pending'`);
  }
}

/** Start a draft, or resume a paused task: the schedule is drawn from now and stored. */
export async function startTask(ctx: AppContext, user: User, id: number, publicUrl: string): Promise<Task> {
  const { db } = ctx;
  const row = await loadTask(db, user, id);
  assertState(row, 'draft', 'paused');
  await assertAccount(db, user, row.accountId);
  const now = new Date();
  await db.transaction(async (tx) => {
    await scheduleRecipients(tx as unknown as Db, row, now);
    await tx
      .update(tasks)
      .set({ status: 'running', publicUrl, startedAt: row.startedAt ?? now, updatedAt: now })
      .where(eq(tasks.id, id));
  });
  await finishIfDone(db, id);
  wakeTaskSender(ctx.db);
  return getTask(db, user, id);
}

export async function pauseTask(db: Db, user: User, id: number): Promise<Task> {
  const row = await loadTask(db, user, id);
  assertState(row, 'running');
  await db
    .update(tasks)
    .set({ status: 'paused', updatedAt: new Date() })
    .where(and(eq(tasks.id, id), eq(tasks.status, 'running')));
  return getTask(db, user, id);
}

/** Stops for good: the pending recipients are never sent. */
export async function cancelTask(db: Db, user: User, id: number): Promise<Task> {
  const row = await loadTask(db, user, id);
  assertState(row, 'draft', 'running', 'paused');
  const now = new Date();
  await db
    .update(tasks)
    .set({ status: 'cancelled', finishedAt: now, updatedAt: now })
    .where(eq(tasks.id, id));
  return getTask(db, user, id);
}

/** Soft delete: the rows stay so that unsubscribe links in sent emails keep working. */
export async function deleteTasks(db: Db, user: User, ids: number[]): Promise<number> {
  for (const id of ids) await loadTask(db, user, id);
  const now = new Date();
  const done = await db
    .update(tasks)
    .set({
      deletedAt: now,
      status: sql`CASE WHEN ${tasks.status} IN ('running', 'paused', 'draft') THEN 'cancelled' ELSE ${tasks.status} END`,
      updatedAt: now,
    })
    .where(and(inArray(tasks.id, ids), isNull(tasks.deletedAt)))
    .returning({ id: tasks.id });
  return done.length;
}

/** Failed recipients back to pending, due now; a finished task runs again for them. */
export async function retryRecipients(
  ctx: AppContext,
  user: User,
  id: number,
  recipientIds?: number[],
): Promise<Task> {
  const { db } = ctx;
  const row = await loadTask(db, user, id);
  assertState(row, 'running', 'paused', 'done');
  const now = new Date();
  const retried = await db
    .update(taskRecipients)
    .set({
      status: 'pending',
      error: '',
      scheduledAt: nextWorkingMoment(now, row.workingHours),
      claimedAt: null,
    })
    .where(
      and(
        eq(taskRecipients.taskId, id),
        eq(taskRecipients.status, 'failed'),
        recipientIds ? inArray(taskRecipients.id, recipientIds) : undefined,
      ),
    )
    .returning({ id: taskRecipients.id });
  if (retried.length > 0 && row.status === 'done')
    await db
      .update(tasks)
      .set({ status: 'running', finishedAt: null, updatedAt: now })
      .where(eq(tasks.id, id));
  wakeTaskSender(ctx.db);
  return getTask(db, user, id);
}

/** A running task with nobody pending or being sent is done. */
export async function finishIfDone(db: Db, id: number): Promise<boolean> {
  const now = new Date();
  const done = await db
    .update(tasks)
    .set({ status: 'done', finishedAt: now, updatedAt: now })
    .where(
      and(
        eq(tasks.id, id),
        eq(tasks.status, 'running'),
        sql`NOT EXISTS (SELECT 1 FROM task_recipients WHERE task_id = ${id} AND status IN ('pending', 'sending'))`,
      ),
    )
    .returning({ id: tasks.id });
  return done.length > 0;
}

function toRecipient(r: typeof taskRecipients.$inferSelect): TaskRecipient {
  return {
    id: r.id,
    address: r.address,
    name: r.name,
    customer_id: r.customerId,
    status: r.status as RecipientStatus,
    error: r.error,
    scheduled_at: r.scheduledAt?.toISOString() ?? null,
    sent_at: r.sentAt?.toISOString() ?? null,
    opened_at: r.openedAt?.toISOString() ?? null,
    open_count: r.openCount,
  };
}

export function recipientFilter(query: Pick<TaskRecipientsQuery, 'id' | 'status' | 'q'>): SQL | undefined {
  return and(
    eq(taskRecipients.taskId, query.id),
    query.status ? eq(taskRecipients.status, query.status) : undefined,
    query.q ? sql`${taskRecipients.address} LIKE ${containsPattern(query.q)}` : undefined,
  );
}

const customerName = sql<
  string | null
>`coalesce(nullif(${customers.name}, ''), nullif(${customers.companyName}, ''))`;

export async function listRecipients(
  db: Db,
  user: User,
  query: TaskRecipientsQuery,
): Promise<ListAnswer<TaskRecipient>> {
  await loadTask(db, user, query.id);
  const where = recipientFilter(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ r: taskRecipients, customer: customerName })
      .from(taskRecipients)
      .leftJoin(customers, eq(customers.id, taskRecipients.customerId))
      .where(where)
      .orderBy(
        desc(sql`${taskRecipients.sentAt} IS NOT NULL`),
        asc(taskRecipients.scheduledAt),
        asc(taskRecipients.id),
      )
      .limit(query.page_size)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(taskRecipients).where(where),
  ]);
  // A pasted address of a customer carries no name of its own: the customer's is shown.
  const items = rows.map(({ r, customer }) => toRecipient({ ...r, name: r.name || customer || '' }));
  return { items, total: total?.n ?? 0, page: query.page, page_size: query.page_size };
}

/** Every recipient of a task, for the export (streamed in pages). */
export async function* allRecipients(db: Db, query: Pick<TaskRecipientsQuery, 'id' | 'status' | 'q'>) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(taskRecipients)
      .where(and(recipientFilter(query), sql`${taskRecipients.id} > ${after}`))
      .orderBy(asc(taskRecipients.id))
      .limit(1000);
    for (const r of rows) yield toRecipient(r);
    if (rows.length < 1000) return;
    after = rows.at(-1)!.id;
  }
}

/** The SSE `task` event with the task's progress, to those who may open the task; done first when nobody is left. */
export async function announceTask(ctx: Pick<AppContext, 'db' | 'events'>, id: number): Promise<void> {
  await finishIfDone(ctx.db, id);
  // Only the counters: a sending task is announced every few seconds, its body is not needed.
  const [task] = await ctx.db.select(counterColumns).from(tasks).where(eq(tasks.id, id));
  if (!task) return;
  const event = { type: 'task', data: { id, progress: progressOf(countsOf(task, null)) } } as const;
  for (const userId of await taskAudience(ctx.db, id)) ctx.events.publish({ userId }, event);
}
