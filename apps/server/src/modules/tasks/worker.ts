import { buffer } from 'node:stream/consumers';
import type { WorkingHours } from '@quayside/contract';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  customers,
  emailAccounts,
  emailAddresses,
  emails,
  files,
  taskRecipients,
  tasks,
} from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { SentFolders } from '../email/sent-folders';
import { SmtpTransports, smtpErrorText } from '../email/smtp-transports';
import { insertRows } from '../email/sync/rows';
import { mergeValues } from './merge';
import { buildTaskMessage } from './message';
import { nextWorkingMoment } from './schedule';
import { announceTask } from './service';
import { registerTaskSender } from './wake';

type RecipientRow = typeof taskRecipients.$inferSelect;
type TaskRow = typeof tasks.$inferSelect;
type AccountRow = typeof emailAccounts.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;
type FileRow = typeof files.$inferSelect;

export type TaskSenderOptions = {
  /** How often a sender with nothing due looks again. */
  pollMs: number;
  /**
   * Most recipients of one account claimed and not yet answered by SMTP; once half have been
   * answered the account claims again, so its SMTP pool never runs dry while the claim runs.
   */
  batchSize: number;
  /** A recipient left `sending` this long was interrupted (a crash): failed, never resent blindly. */
  staleSendingMs: number;
  /** Emails a day per sending account when it has no cap of its own (all tasks together). */
  defaultDailyCap: number;
  /** SMTP answers are written together: at the latest this long after the first of them. */
  writeEveryMs: number;
  /** The SSE `task` event of a task at most this often while it sends (and once when it runs dry). */
  announceEveryMs: number;
};
export const DEFAULT_TASK_SENDER: TaskSenderOptions = {
  pollMs: 2000,
  batchSize: 40,
  staleSendingMs: 10 * 60_000,
  defaultDailyCap: 2000,
  writeEveryMs: 250,
  announceEveryMs: 2000,
};

export const UNCERTAIN_ERROR = 'Interrupted while sending; check Sent before retrying';

/** Messages handed to an account's nodemailer pool at once: its 5 connections, and 5 waiting for a free one. */
const SMTP_SLOTS = 10;
/** A claimed recipient goes to SMTP only if its task was seen running this recently (pause is prompt). */
const FRESH_MS = 250;
/** Copies to Sent under way at most (each holds its message's bytes). */
const APPENDS = 20;
/** Most answers written in one transaction. */
const WRITE_ROWS = 100;
/** Attachments of a task up to this size in all are read once and kept while the task sends. */
const CACHED_ATTACHMENT_BYTES = 4 * 1024 * 1024;

const utcDay = (d = new Date()) => d.toISOString().slice(0, 10);

/** Accounts of running tasks with a recipient due now (one probe per task, not a scan of its list). */
async function dueAccounts(db: Db): Promise<number[]> {
  const { rows } = await db.execute<{ account_id: number }>(sql`
    SELECT DISTINCT t.account_id FROM tasks t
    WHERE t.status = 'running' AND t.deleted_at IS NULL AND EXISTS (
      SELECT 1 FROM task_recipients r WHERE r.task_id = t.id AND r.status = 'pending' AND r.scheduled_at <= now())`);
  return rows.map((r) => Number(r.account_id));
}

/**
 * Claims up to `limit` due recipients of one account (pending → sending, with their Message-ID)
 * in one transaction that holds the account's row of the day's usage: two workers (two servers on
 * one PostgreSQL) never claim the same recipient (SKIP LOCKED, and the status check), and the
 * daily cap counts every claim of every task.
 */
async function claim(
  db: Db,
  account: AccountRow,
  day: string,
  limit: number,
  defaultCap: number,
): Promise<RecipientRow[]> {
  const domain = account.address.split('@')[1]?.toLowerCase() || 'quayside.local';
  return db.transaction(async (tx) => {
    // One statement makes the day's row and locks it, and reads its count, the account's cap and
    // its running tasks.
    const { rows } = await tx.execute<{
      sent: number;
      cap: number | null;
      tasks: { id: number; hours: WorkingHours | null }[] | null;
    }>(sql`
      INSERT INTO task_account_usage (account_id, day, sent) VALUES (${account.id}, ${day}, 0)
      ON CONFLICT (account_id, day) DO UPDATE SET sent = task_account_usage.sent
      RETURNING sent,
        (SELECT daily_cap FROM task_account_limits WHERE account_id = ${account.id}) AS cap,
        (SELECT json_agg(json_build_object('id', id, 'hours', working_hours)) FROM tasks
           WHERE account_id = ${account.id} AND status = 'running' AND deleted_at IS NULL) AS tasks`);
    const room = Math.min(limit, Number(rows[0]?.cap ?? defaultCap) - Number(rows[0]?.sent ?? 0));
    // A recipient due outside its task's working hours (held back by the daily cap, or the server
    // was down) waits for the next working moment instead of going out at night.
    const now = new Date();
    const running = (rows[0]?.tasks ?? [])
      .filter((t) => nextWorkingMoment(now, t.hours).getTime() <= now.getTime())
      .map((t) => Number(t.id));
    if (room <= 0 || running.length === 0) return [];
    // Any `room` due recipients, without ORDER BY: a sort would read every due recipient at each
    // claim (40 ms at 10,000 on PGlite, growing with the list); unsorted, the scan stops after
    // `room`. Due ones are all due now (order among them matters little: a restart's backlog goes
    // out in list order). `task_id + 0` keeps the planner on the due index (pending, scheduled_at)
    // instead of walking every pending row of the task. A task paused since the first statement is
    // caught before SMTP (Lane).
    // They are locked first and claimed by id in a second statement: inside the UPDATE, as
    // `id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)`, the planner may run that sub-select again
    // for each row (a nested loop), and each run passes over the rows the UPDATE has just changed
    // and locks further ones: more than `room` claimed, past the batch and the daily cap.
    const { rows: due } = await tx.execute<{ id: number }>(sql`
      SELECT r.id FROM task_recipients r
      WHERE r.status = 'pending' AND r.scheduled_at <= now()
        AND r.task_id + 0 = ANY(${`{${running.join(',')}}`}::int[])
      LIMIT ${room} FOR UPDATE SKIP LOCKED`);
    if (due.length === 0) return [];
    const claimed = await tx
      .update(taskRecipients)
      .set({
        status: 'sending',
        claimedAt: sql`now()`,
        messageId: sql`gen_random_uuid()::text || ${`@${domain}`}`,
      })
      .where(
        and(
          eq(taskRecipients.status, 'pending'),
          inArray(
            taskRecipients.id,
            due.map((r) => Number(r.id)),
          ),
        ),
      )
      .returning();
    if (claimed.length > 0)
      await tx.execute(
        sql`UPDATE task_account_usage SET sent = sent + ${claimed.length} WHERE account_id = ${account.id} AND day = ${day}`,
      );
    return claimed.sort(
      (a, b) => (a.scheduledAt?.getTime() ?? 0) - (b.scheduledAt?.getTime() ?? 0) || a.id - b.id,
    );
  });
}

/**
 * Claimed recipients that never reached SMTP (their task was paused or cancelled, or the sender
 * stops) go back to pending, and their claims leave the day's count. By Message-ID: each claim
 * draws a new one, so only this claim is given back.
 */
async function release(db: Db, accountId: number, day: string, messageIds: string[]): Promise<void> {
  if (messageIds.length === 0) return;
  await db.transaction(async (tx) => {
    // The day's row first, as a claim takes it, and only then the tasks' rows (their counters,
    // updated by the trigger on task_recipients): two servers never wait on each other in a circle.
    await tx.execute(
      sql`SELECT 1 FROM task_account_usage WHERE account_id = ${accountId} AND day = ${day} FOR UPDATE`,
    );
    const back = await tx
      .update(taskRecipients)
      .set({ status: 'pending', claimedAt: null })
      .where(and(inArray(taskRecipients.messageId, messageIds), eq(taskRecipients.status, 'sending')))
      .returning({ id: taskRecipients.id });
    if (back.length > 0)
      await tx.execute(
        sql`UPDATE task_account_usage SET sent = greatest(sent - ${back.length}, 0) WHERE account_id = ${accountId} AND day = ${day}`,
      );
  });
}

/** Recipients left `sending` too long (a crash between the SMTP answer and the write) fail as uncertain. */
export async function recoverInterrupted(db: Db, staleMs: number): Promise<number[]> {
  const rows = await db
    .update(taskRecipients)
    .set({ status: 'failed', error: UNCERTAIN_ERROR })
    .where(
      and(eq(taskRecipients.status, 'sending'), lt(taskRecipients.claimedAt, new Date(Date.now() - staleMs))),
    )
    .returning({ taskId: taskRecipients.taskId });
  return [...new Set(rows.map((r) => r.taskId))];
}

/** A task as the sender holds it while it sends: its row (re-read at each claim) and its attachments. */
type TaskEntry = { row: TaskRow; attachments: FileRow[]; contents: Map<string, Buffer> };
type Claimed = { recipient: RecipientRow; customer: CustomerRow | undefined; day: string };
/** An SMTP answer waiting to be written. */
type Outcome =
  | {
      kind: 'sent';
      recipient: RecipientRow;
      account: AccountRow;
      createdBy: number | null;
      date: Date;
      subject: string;
      text: string;
      html: string;
    }
  | { kind: 'failed'; recipient: RecipientRow; error: string };

/**
 * Writes SMTP answers in batches, one transaction each (at most `writeEveryMs` after the first one
 * came, or at once when `WRITE_ROWS` wait): accepted → `sent`, the email stored for the customer's
 * history; refused → `failed` with the server's text. A crash before the write leaves those
 * recipients `sending`, which recovery turns into failed-uncertain ("check Sent"), never a resend.
 */
class ResultWriter {
  private waiting: Outcome[] = [];
  private writing = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly everyMs: number,
    private readonly written: (outcomes: Outcome[]) => Promise<void>,
  ) {}

  /** Answers not yet in the database. */
  get backlog(): number {
    return this.waiting.length + this.writing;
  }

  add(outcome: Outcome): void {
    this.waiting.push(outcome);
    if (this.waiting.length >= WRITE_ROWS) this.kick();
    else this.timer ??= setTimeout(() => this.kick(), this.everyMs);
  }

  /** Writes everything that waits (the sender's stop). */
  async drain(): Promise<void> {
    while (this.waiting.length > 0 || this.flushing) {
      this.kick();
      await this.flushing;
    }
  }

  private kick(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.flushing || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, WRITE_ROWS);
    this.writing = batch.length;
    this.flushing = this.write(batch).finally(() => {
      this.writing = 0;
      this.flushing = undefined;
      if (this.waiting.length >= WRITE_ROWS) this.kick();
      else if (this.waiting.length > 0) this.timer ??= setTimeout(() => this.kick(), this.everyMs);
    });
  }

  private async write(batch: Outcome[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.db.transaction(async (tx) => writeOutcomes(tx as unknown as Db, batch));
        break;
      } catch (err) {
        // Left `sending`: recovery makes them failed "check Sent" later; never sent again.
        console.error(`[tasks] writing ${batch.length} answers (attempt ${attempt}): ${String(err)}`);
        if (attempt === 3) break;
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
    try {
      await this.written(batch);
    } catch (err) {
      console.error('[tasks] progress:', err);
    }
  }
}

/**
 * One transaction of answers: the emails of the accepted ones, then every recipient's new state in
 * ONE UPDATE. Its trigger (migration 0018) locks the batch's tasks rows in id order at once, as a
 * claim's does; a statement for the sent and another for the failed would take them in two rounds
 * (a later task's row, then an earlier one's) and could deadlock with a claim of the same tasks.
 */
async function writeOutcomes(db: Db, batch: Outcome[]): Promise<void> {
  const sent = batch.filter((o) => o.kind === 'sent');
  const emailOf = new Map<string, number>();
  if (sent.length > 0) {
    const { rows: stored } = await db.execute<{ id: number; account_id: number; dedupe_key: string }>(
      insertRows(
        emails,
        sent.map((o) => ({
          accountId: o.account.id,
          folder: 'outbox',
          direction: 'out',
          status: 'handled',
          messageId: o.recipient.messageId,
          dedupeKey: `mid:${o.recipient.messageId}`,
          subject: o.subject,
          fromName: o.account.name,
          fromAddress: o.account.address,
          to: [{ name: o.recipient.name, address: o.recipient.address }],
          date: o.date,
          isRead: true,
          text: o.text,
          html: o.html,
          customerId: o.recipient.customerId,
          sendStatus: 'sent',
          createdBy: o.createdBy,
        })),
        sql`ON CONFLICT DO NOTHING RETURNING id, account_id, dedupe_key`,
      ),
    );
    for (const e of stored) emailOf.set(`${e.account_id} ${e.dedupe_key}`, Number(e.id));
  }
  const idOf = (o: (typeof sent)[number]) => emailOf.get(`${o.account.id} mid:${o.recipient.messageId}`);
  const addresses = sent.flatMap((o) => {
    const emailId = idOf(o);
    return emailId
      ? [
          { emailId, role: 'from', address: o.account.address, name: o.account.name },
          { emailId, role: 'to', address: o.recipient.address, name: o.recipient.name },
        ]
      : [];
  });
  if (addresses.length > 0) await db.execute(insertRows(emailAddresses, addresses));
  // One answer per recipient, an accepted one before a refused one: two answers of one recipient
  // (claimed again after recovery and a retry) would leave the UPDATE to pick either, where the
  // accepted one stood when sent and failed were written apart. Each accepted email is stored above.
  const answerOf = new Map<number, Outcome>();
  for (const o of batch) {
    if (o.kind === 'sent' || !answerOf.has(o.recipient.id)) answerOf.set(o.recipient.id, o);
  }
  const answers = [...answerOf.values()];
  if (answers.length === 0) return;
  // Accepted → sent, with its time and stored email, whatever recovery made of it meanwhile (it
  // did go out); refused → failed with the server's text, only while still `sending`.
  const values = answers.map((o) =>
    o.kind === 'sent'
      ? sql`(${o.recipient.id}::int, 'sent'::text, ${o.date.toISOString()}::timestamptz, ''::text, ${idOf(o) ?? null}::int)`
      : sql`(${o.recipient.id}::int, 'failed'::text, NULL::timestamptz, ${o.error}::text, NULL::int)`,
  );
  await db.execute(sql`
    UPDATE task_recipients AS r SET
      status = v.status,
      error = v.error,
      sent_at = CASE WHEN v.status = 'sent' THEN v.at ELSE r.sent_at END,
      email_id = CASE WHEN v.status = 'sent' THEN v.email ELSE r.email_id END
    FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, status, at, error, email)
    WHERE r.id = v.id AND (v.status = 'sent' OR r.status = 'sending')`);
}

type Shared = {
  ctx: AppContext;
  options: TaskSenderOptions;
  smtp: SmtpTransports;
  sent: SentFolders;
  writer: ResultWriter;
  /** Recipients of each task claimed here and not yet written. */
  inFlight: Map<number, number>;
  /** Copies to Sent under way: past `APPENDS` no more mail leaves until some are done (memory stays bounded). */
  appending: { count: number };
  stopping: () => boolean;
  pumpAll: () => void;
};

/**
 * One sending account's pipeline: claims due recipients a few at a time, keeps up to `SMTP_SLOTS`
 * of them at its SMTP pool and claims again as soon as half of `batchSize` have been answered, so
 * the pool stays full (no batch waits for its slowest send). Before a claimed recipient goes to
 * SMTP its task must have been seen running within `FRESH_MS`; one of a paused or cancelled task
 * goes back to pending. It ends when nothing more is due and everything it claimed was answered.
 */
class Lane {
  private queue: Claimed[] = [];
  private atSmtp = 0;
  /** A claim or a check of the queue's tasks is under way (never both: each may give claims back). */
  private working = false;
  private exhausted = false;
  private over = false;
  private checkedAt = 0;
  private account: AccountRow | undefined;
  private readonly taskCache = new Map<number, TaskEntry>();
  private ended!: () => void;
  readonly finished = new Promise<void>((resolve) => {
    this.ended = resolve;
  });

  constructor(
    private readonly s: Shared,
    readonly accountId: number,
  ) {}

  /** Ended: a new lane takes the account's next work. */
  get isOver(): boolean {
    return this.over;
  }

  /** Something may be due (a poll, a start, a retry): claim again even if the last claim found nothing. */
  poke(): void {
    this.exhausted = false;
    this.pump();
  }

  pump(): void {
    if (this.over || this.working) return;
    const stopping = this.s.stopping();
    if (this.queue.length > 0 && stopping) {
      void this.work(async () => this.giveBack(this.queue.splice(0)));
      return;
    }
    if (this.queue.length > 0 && this.atSmtp < SMTP_SLOTS) {
      if (Date.now() - this.checkedAt > FRESH_MS) {
        void this.work(async () => this.giveBack(await this.loadTasks()));
        return;
      }
      while (this.queue.length > 0 && this.atSmtp < SMTP_SLOTS && this.s.appending.count < APPENDS)
        this.send(this.queue.shift()!);
    }
    const held = this.queue.length + this.atSmtp;
    const { batchSize } = this.s.options;
    if (!stopping && !this.exhausted && held <= batchSize / 2 && this.s.writer.backlog < 4 * batchSize) {
      void this.work(() => this.claimMore(batchSize - held));
      return;
    }
    if (held === 0 && (this.exhausted || stopping)) {
      this.over = true;
      this.ended();
    }
  }

  private async work(job: () => Promise<void>): Promise<void> {
    this.working = true;
    try {
      await job();
    } catch (err) {
      if (!this.s.stopping()) console.error(`[tasks] sender of account ${this.accountId}:`, err);
      this.exhausted = true; // the next poll tries again
      this.checkedAt = Date.now(); // the claims stand
    } finally {
      this.working = false;
      this.pump();
    }
  }

  private async claimMore(limit: number): Promise<void> {
    const { db } = this.s.ctx;
    if (!this.account) {
      [this.account] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, this.accountId));
      if (!this.account) {
        this.exhausted = true;
        return;
      }
    }
    const day = utcDay();
    const rows = await claim(db, this.account, day, limit, this.s.options.defaultDailyCap);
    if (rows.length === 0) {
      this.exhausted = true;
      return;
    }
    for (const r of rows) this.s.inFlight.set(r.taskId, (this.s.inFlight.get(r.taskId) ?? 0) + 1);
    const customerIds = [...new Set(rows.flatMap((r) => (r.customerId ? [r.customerId] : [])))];
    const customerRows = customerIds.length
      ? await db.select().from(customers).where(inArray(customers.id, customerIds))
      : [];
    const byId = new Map(customerRows.map((c) => [c.id, c]));
    for (const recipient of rows)
      this.queue.push({
        recipient,
        customer: recipient.customerId ? byId.get(recipient.customerId) : undefined,
        day,
      });
    // The claim itself saw these tasks running; read them again only when new here or not lately.
    const known = rows.every((r) => this.taskCache.has(r.taskId));
    if (!known || Date.now() - this.checkedAt > FRESH_MS) await this.giveBack(await this.loadTasks());
  }

  /** Re-reads the account and the tasks of the queue; takes out of the queue what may no longer be sent. */
  private async loadTasks(): Promise<Claimed[]> {
    const { db } = this.s.ctx;
    [this.account] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, this.accountId));
    const ids = [...new Set(this.queue.map((c) => c.recipient.taskId))];
    const rows = ids.length ? await db.select().from(tasks).where(inArray(tasks.id, ids)) : [];
    for (const row of rows) {
      const known = this.taskCache.get(row.id);
      if (known && known.row.updatedAt.getTime() === row.updatedAt.getTime()) {
        known.row = row;
        continue;
      }
      const attachments = row.attachmentIds.length
        ? await db.select().from(files).where(inArray(files.id, row.attachmentIds))
        : [];
      const contents = new Map<string, Buffer>();
      if (attachments.reduce((n, f) => n + f.size, 0) <= CACHED_ATTACHMENT_BYTES) {
        for (const f of attachments) contents.set(f.sha256, await buffer(this.s.ctx.files.open(f.sha256)));
      }
      this.taskCache.set(row.id, { row, attachments, contents });
    }
    for (const id of this.taskCache.keys()) if (!ids.includes(id)) this.taskCache.delete(id);
    this.checkedAt = Date.now();
    const running = (id: number) => {
      const t = this.taskCache.get(id)?.row;
      return !!t && t.status === 'running' && !t.deletedAt;
    };
    const stale = this.queue.filter((c) => !this.account || !running(c.recipient.taskId));
    if (stale.length > 0) this.queue = this.queue.filter((c) => !stale.includes(c));
    return stale;
  }

  /** Claims taken out of the queue, never handed to SMTP: back to pending. */
  private async giveBack(back: Claimed[]): Promise<void> {
    for (const day of new Set(back.map((c) => c.day))) {
      const mine = back.filter((c) => c.day === day).map((c) => c.recipient.messageId);
      await release(this.s.ctx.db, this.accountId, day, mine);
    }
    for (const c of back) {
      const left = (this.s.inFlight.get(c.recipient.taskId) ?? 1) - 1;
      if (left <= 0) this.s.inFlight.delete(c.recipient.taskId);
      else this.s.inFlight.set(c.recipient.taskId, left);
    }
  }

  private send({ recipient, customer }: Claimed): void {
    const account = this.account!;
    const task = this.taskCache.get(recipient.taskId)!;
    this.atSmtp++;
    void (async () => {
      const date = new Date();
      try {
        const message = await buildTaskMessage(
          this.s.ctx.files,
          task.row,
          account,
          recipient,
          mergeValues(recipient.address, customer),
          task.attachments,
          date,
          task.contents,
        );
        await this.s.smtp.send(account, message);
        this.s.writer.add({
          kind: 'sent',
          recipient,
          account,
          createdBy: task.row.createdBy,
          date,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        if (task.row.copyToSent) {
          const { appending } = this.s;
          appending.count++;
          this.s.sent
            .append(account, message.raw)
            .catch((err: unknown) => {
              console.error(`[tasks] copy to Sent of account ${account.id}: ${String(err)}`);
            })
            .finally(() => {
              appending.count--;
              this.s.pumpAll();
            });
        }
      } catch (err) {
        this.s.writer.add({ kind: 'failed', recipient, error: smtpErrorText(err) });
      }
    })().finally(() => {
      this.atSmtp--;
      this.pump();
    });
  }
}

export type TaskSender = { wake(): void; stop(): Promise<void> };

/**
 * The campaign sender (server.ts): a loop per server that finds the accounts with recipients due
 * (every `pollMs`, or at once when a task is started or retried here) and runs one pipeline (`Lane`)
 * per account while it has work. Several servers on one database share the work safely.
 */
export function startTaskSender(ctx: AppContext, options: Partial<TaskSenderOptions> = {}): TaskSender {
  const o = { ...DEFAULT_TASK_SENDER, ...options };
  let stopped = false;
  const lanes = new Map<number, Lane>();
  const lastAnnounced = new Map<number, number>();
  const inFlight = new Map<number, number>();

  /** Progress of the tasks just written: throttled, but always once a task has nothing left here. */
  const written = async (outcomes: Outcome[]) => {
    const counted = new Map<number, number>();
    for (const out of outcomes)
      counted.set(out.recipient.taskId, (counted.get(out.recipient.taskId) ?? 0) + 1);
    for (const [id, n] of counted) {
      const left = (inFlight.get(id) ?? n) - n;
      if (left <= 0) inFlight.delete(id);
      else inFlight.set(id, left);
      const now = Date.now();
      if (left > 0 && now - (lastAnnounced.get(id) ?? 0) < o.announceEveryMs) continue;
      lastAnnounced.set(id, now);
      if (left <= 0) lastAnnounced.delete(id);
      await announceTask(ctx, id);
    }
    for (const lane of lanes.values()) lane.pump();
  };

  const shared: Shared = {
    ctx,
    options: o,
    smtp: new SmtpTransports(ctx.config.secret),
    sent: new SentFolders(ctx.config.secret),
    writer: new ResultWriter(ctx.db, o.writeEveryMs, written),
    inFlight,
    appending: { count: 0 },
    stopping: () => stopped,
    pumpAll: () => {
      for (const lane of lanes.values()) lane.pump();
    },
  };
  let wakeUp: (() => void) | undefined;
  /** A wake that came while a tick ran: the loop looks again at once instead of sleeping. */
  let woken = false;
  let lastRecovery = 0;
  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  const unregister = registerTaskSender(ctx.db, wake);

  const tick = async (): Promise<void> => {
    if (Date.now() - lastRecovery > Math.min(60_000, o.staleSendingMs)) {
      lastRecovery = Date.now();
      for (const id of await recoverInterrupted(ctx.db, o.staleSendingMs)) await announceTask(ctx, id);
    }
    for (const accountId of await dueAccounts(ctx.db)) {
      if (stopped) break;
      const running = lanes.get(accountId);
      if (running && !running.isOver) {
        running.poke();
        continue;
      }
      const lane = new Lane(shared, accountId);
      lanes.set(accountId, lane);
      void lane.finished.then(() => {
        if (lanes.get(accountId) === lane) lanes.delete(accountId);
      });
      lane.poke();
    }
  };

  const loop = (async () => {
    while (!stopped) {
      woken = false;
      try {
        await tick();
      } catch (err) {
        if (!stopped) console.error('[tasks] send loop:', err);
      }
      if (!woken && !stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, o.pollMs);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeUp = undefined;
      }
    }
  })();

  return {
    wake,
    async stop() {
      stopped = true;
      wake();
      await loop;
      // Each lane gives back what it claimed but did not send, and waits for its SMTP answers.
      for (const lane of lanes.values()) lane.pump();
      await Promise.all([...lanes.values()].map((l) => l.finished));
      await shared.writer.drain();
      unregister();
      shared.smtp.close();
      await shared.sent.close();
    },
  };
}
