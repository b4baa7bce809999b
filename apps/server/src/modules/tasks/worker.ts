import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  customers,
  emailAccounts,
  emailAddresses,
  emails,
  files,
  taskAccountLimits,
  taskRecipients,
  tasks,
} from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { SentFolders } from '../email/sent-folders';
import { SmtpTransports } from '../email/smtp-transports';
import { mergeValues } from './merge';
import { buildTaskMessage } from './message';
import { announceTask } from './service';
import { registerTaskSender } from './wake';

type RecipientRow = typeof taskRecipients.$inferSelect;
type TaskRow = typeof tasks.$inferSelect;
type AccountRow = typeof emailAccounts.$inferSelect;
type SmtpError = Error & { responseCode?: number; response?: string };

export type TaskSenderOptions = {
  /** How often a sender with nothing due looks again. */
  pollMs: number;
  /** Recipients claimed at once per account; they go out in parallel over the account's SMTP pool. */
  batchSize: number;
  /** A recipient left `sending` this long was interrupted (a crash): failed, never resent blindly. */
  staleSendingMs: number;
  /** Emails a day per sending account when it has no cap of its own (all tasks together). */
  defaultDailyCap: number;
};
export const DEFAULT_TASK_SENDER: TaskSenderOptions = {
  pollMs: 2000,
  batchSize: 20,
  staleSendingMs: 10 * 60_000,
  defaultDailyCap: 2000,
};

export const UNCERTAIN_ERROR = 'Interrupted while sending; check Sent before retrying';

const utcDay = (d = new Date()) => d.toISOString().slice(0, 10);

/** Accounts of running tasks with a recipient due now. */
async function dueAccounts(db: Db): Promise<number[]> {
  const { rows } = await db.execute<{ account_id: number }>(sql`
    SELECT DISTINCT t.account_id FROM task_recipients r JOIN tasks t ON t.id = r.task_id
    WHERE r.status = 'pending' AND r.scheduled_at <= now() AND t.status = 'running' AND t.deleted_at IS NULL`);
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
  limit: number,
  defaultCap: number,
): Promise<RecipientRow[]> {
  const day = utcDay();
  const domain = account.address.split('@')[1]?.toLowerCase() || 'quayside.local';
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`INSERT INTO task_account_usage (account_id, day, sent) VALUES (${account.id}, ${day}, 0) ON CONFLICT DO NOTHING`,
    );
    const { rows } = await tx.execute<{ sent: number }>(
      sql`SELECT sent FROM task_account_usage WHERE account_id = ${account.id} AND day = ${day} FOR UPDATE`,
    );
    const [own] = await tx
      .select({ cap: taskAccountLimits.dailyCap })
      .from(taskAccountLimits)
      .where(eq(taskAccountLimits.accountId, account.id));
    const room = Math.min(limit, (own?.cap ?? defaultCap) - Number(rows[0]?.sent ?? 0));
    if (room <= 0) return [];
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
          sql`${taskRecipients.id} IN (
            SELECT r.id FROM task_recipients r JOIN tasks t ON t.id = r.task_id
            WHERE t.account_id = ${account.id} AND t.status = 'running' AND t.deleted_at IS NULL
              AND r.status = 'pending' AND r.scheduled_at <= now()
            ORDER BY r.scheduled_at, r.id LIMIT ${room}
            FOR UPDATE OF r SKIP LOCKED)`,
        ),
      )
      .returning();
    if (claimed.length > 0)
      await tx.execute(
        sql`UPDATE task_account_usage SET sent = sent + ${claimed.length} WHERE account_id = ${account.id} AND day = ${day}`,
      );
    return claimed;
  });
}

type Connections = { smtp: SmtpTransports; sent: SentFolders };

/**
 * Sends one claimed recipient. The SMTP answer decides: accepted → sent, and the email is stored
 * for the customer's history in the same transaction; refused → failed with the server's text.
 * A crash between the two leaves it `sending`, which recovery turns into failed-uncertain.
 */
async function sendOne(
  ctx: AppContext,
  connections: Connections,
  task: TaskRow,
  account: AccountRow,
  recipient: RecipientRow,
  customer: typeof customers.$inferSelect | undefined,
  attachments: (typeof files.$inferSelect)[],
): Promise<void> {
  const date = new Date();
  let message: Awaited<ReturnType<typeof buildTaskMessage>>;
  try {
    message = await buildTaskMessage(
      ctx.files,
      task,
      account,
      recipient,
      mergeValues(recipient.address, customer),
      attachments,
      date,
    );
    await connections.smtp.send(account, message);
  } catch (err) {
    const e = err as SmtpError;
    await ctx.db
      .update(taskRecipients)
      .set({ status: 'failed', error: (e.response || e.message || String(err)).slice(0, 1000) })
      .where(and(eq(taskRecipients.id, recipient.id), eq(taskRecipients.status, 'sending')));
    return;
  }
  await ctx.db.transaction(async (tx) => {
    const [email] = await tx
      .insert(emails)
      .values({
        accountId: account.id,
        folder: 'outbox',
        direction: 'out',
        status: 'handled',
        messageId: recipient.messageId,
        dedupeKey: `mid:${recipient.messageId}`,
        subject: message.subject,
        fromName: account.name,
        fromAddress: account.address,
        to: [{ name: recipient.name, address: recipient.address }],
        date,
        isRead: true,
        text: message.text,
        html: message.html,
        customerId: recipient.customerId,
        sendStatus: 'sent',
        createdBy: task.createdBy,
      })
      .onConflictDoNothing()
      .returning({ id: emails.id });
    if (email) {
      await tx.insert(emailAddresses).values([
        { emailId: email.id, role: 'from', address: account.address, name: account.name },
        { emailId: email.id, role: 'to', address: recipient.address, name: recipient.name },
      ]);
    }
    await tx
      .update(taskRecipients)
      .set({ status: 'sent', sentAt: date, error: '', emailId: email?.id ?? null })
      .where(eq(taskRecipients.id, recipient.id));
  });
  if (task.copyToSent) {
    connections.sent.append(account, message.raw).catch((err: unknown) => {
      console.error(`[tasks] copy to Sent of account ${account.id}: ${String(err)}`);
    });
  }
}

/** A claimed batch: its tasks, customers and attachments read once, then sent in parallel. */
async function sendBatch(
  ctx: AppContext,
  connections: Connections,
  account: AccountRow,
  batch: RecipientRow[],
) {
  const { db } = ctx;
  const taskIds = [...new Set(batch.map((r) => r.taskId))];
  const taskRows = await db.select().from(tasks).where(inArray(tasks.id, taskIds));
  const customerIds = [...new Set(batch.flatMap((r) => (r.customerId ? [r.customerId] : [])))];
  const customerRows = customerIds.length
    ? await db.select().from(customers).where(inArray(customers.id, customerIds))
    : [];
  const fileIds = [...new Set(taskRows.flatMap((t) => t.attachmentIds))];
  const fileRows = fileIds.length ? await db.select().from(files).where(inArray(files.id, fileIds)) : [];
  await Promise.all(
    batch.map((r) => {
      const task = taskRows.find((t) => t.id === r.taskId)!;
      const customer = customerRows.find((c) => c.id === r.customerId);
      const attachments = fileRows.filter((f) => task.attachmentIds.includes(f.id));
      return sendOne(ctx, connections, task, account, r, customer, attachments);
    }),
  );
  for (const id of taskIds) await announceTask(ctx, id);
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

export type TaskSender = { wake(): void; stop(): Promise<void> };

/**
 * The campaign sender (server.ts): a loop per server that claims due recipients account by account
 * and sends them, fetching again at once while batches come back full, else every `pollMs` or when
 * a task is started or retried here. Several servers on one database share the work safely.
 */
export function startTaskSender(ctx: AppContext, options: Partial<TaskSenderOptions> = {}): TaskSender {
  const o = { ...DEFAULT_TASK_SENDER, ...options };
  const connections: Connections = {
    smtp: new SmtpTransports(ctx.config.secret),
    sent: new SentFolders(ctx.config.secret),
  };
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  /** A wake that came while a tick ran: the loop looks again at once instead of sleeping. */
  let woken = false;
  let lastRecovery = 0;
  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  const unregister = registerTaskSender(ctx.db, wake);

  const tick = async (): Promise<boolean> => {
    if (Date.now() - lastRecovery > Math.min(60_000, o.staleSendingMs)) {
      lastRecovery = Date.now();
      for (const id of await recoverInterrupted(ctx.db, o.staleSendingMs)) await announceTask(ctx, id);
    }
    let full = false;
    for (const accountId of await dueAccounts(ctx.db)) {
      if (stopped) break;
      const [account] = await ctx.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId));
      if (!account) continue;
      const batch = await claim(ctx.db, account, o.batchSize, o.defaultDailyCap);
      if (batch.length === 0) continue;
      await sendBatch(ctx, connections, account, batch);
      if (batch.length === o.batchSize) full = true;
    }
    return full;
  };

  const loop = (async () => {
    while (!stopped) {
      let again = false;
      woken = false;
      try {
        again = await tick();
      } catch (err) {
        if (!stopped) console.error('[tasks] send loop:', err);
      }
      if (!again && !woken && !stopped) {
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
      unregister();
      connections.smtp.close();
      await connections.sent.close();
    },
  };
}
