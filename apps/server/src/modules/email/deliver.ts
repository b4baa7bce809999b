import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { JobResult, JobWithMetadata } from 'pg-boss';
import { emailAccounts, emails } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { buildRawMessage } from './mime';
import { DEFAULT_SEND_TIMING, EMAIL_SEND_QUEUE, enqueueSend, type SendJob, type SendTiming } from './send';
import { SentFolders } from './sent-folders';
import { SmtpTransports } from './smtp-transports';
import { imapErrorMessage } from './sync/imap';

type EmailRow = typeof emails.$inferSelect;
type AccountRow = typeof emailAccounts.$inferSelect;
type SmtpError = Error & { responseCode?: number; response?: string };

/** The worker's kept connections: SMTP to send, IMAP to copy to Sent. */
type Connections = { smtp: SmtpTransports; sent: SentFolders };

const setStatus = (ctx: AppContext, id: number, sendStatus: string, sendError = '', sendAt?: Date) =>
  ctx.db
    .update(emails)
    .set({
      sendStatus,
      sendError: sendError.slice(0, 1000),
      updatedAt: new Date(),
      ...(sendAt ? { sendAt } : {}),
    })
    .where(eq(emails.id, id));

/**
 * The earliest moment pg-boss tries a failed job again: its backoff picks a random delay between
 * `retryDelay * 2^retryCount` and twice that (capped). Stored as the email's `send_at`, the outbox
 * can say when the next try comes, and the claim (send_at <= now) still lets that try through.
 */
export function nextTryAt(
  job: Pick<JobWithMetadata, 'retryCount' | 'retryDelay' | 'retryDelayMax'>,
  now = Date.now(),
): Date {
  const base = Math.max(job.retryDelay, 1) * 2 ** Math.min(16, job.retryCount);
  const seconds = job.retryDelayMax ? Math.min(job.retryDelayMax, base) : base;
  // A second early: the database's clock decides when the job starts.
  return new Date(now + Math.max(0, seconds - 1) * 1000);
}

/**
 * Claims the emails of a batch (queued → sending) in one UPDATE, only those whose `send_at` has
 * come: a duplicate job never sends an email twice, and the job of a cancelled send never sends
 * the email early once it is sent again. The Date header is the moment it leaves.
 */
async function claim(ctx: AppContext, ids: number[]): Promise<Map<number, EmailRow>> {
  const now = new Date();
  const rows = await ctx.db
    .update(emails)
    .set({ sendStatus: 'sending', date: now, updatedAt: now })
    .where(
      and(
        inArray(emails.id, ids),
        eq(emails.sendStatus, 'queued'),
        or(isNull(emails.sendAt), lte(emails.sendAt, sql`now()`)),
      ),
    )
    .returning();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * One attempt on a claimed email. A 5xx reply fails it with the server's text; a 4xx reply or a
 * lost connection puts it back to queued and throws, so pg-boss retries with backoff (the last
 * attempt fails it). Once sent, the same bytes are copied to the account's Sent folder.
 */
async function deliver(
  ctx: AppContext,
  connections: Connections,
  row: EmailRow,
  account: AccountRow,
  lastAttempt: boolean,
  nextTry: Date,
): Promise<void> {
  let raw: Buffer;
  try {
    const built = await buildRawMessage(ctx.db, ctx.files, row);
    raw = built.raw;
    await connections.smtp.send(account, built);
  } catch (err) {
    const e = err as SmtpError;
    const text = e.response || e.message || String(err);
    if ((e.responseCode && e.responseCode >= 500) || lastAttempt) {
      await setStatus(ctx, row.id, 'failed', text);
      return;
    }
    await setStatus(ctx, row.id, 'queued', text, nextTry);
    throw err;
  }
  await setStatus(ctx, row.id, 'sent');
  // The job ends here: the copy to Sent follows on the account's IMAP connection without holding
  // the next sends back (it is only a copy; `stop` waits for the ones under way).
  connections.sent.append(account, raw).catch((err) => {
    console.error(`[email] append to Sent of account ${account.id}: ${imapErrorMessage(err)}`);
  });
}

/** A batch of jobs: their emails are claimed together and go out in parallel; each job settles alone. */
async function work(
  ctx: AppContext,
  connections: Connections,
  jobs: JobWithMetadata<SendJob>[],
): Promise<JobResult[]> {
  const claimed = await claim(
    ctx,
    jobs.map((j) => j.data.emailId),
  );
  const accountIds = [...new Set([...claimed.values()].map((r) => r.accountId))];
  const accounts = accountIds.length
    ? await ctx.db.select().from(emailAccounts).where(inArray(emailAccounts.id, accountIds))
    : [];
  return Promise.all(
    jobs.map(async (job): Promise<JobResult> => {
      // Nothing claimed: cancelled, already sent, or not due yet (the job of a send undone and resent).
      const row = claimed.get(job.data.emailId);
      claimed.delete(job.data.emailId); // a second job of the same email finds nothing
      try {
        if (row) {
          const account = accounts.find((a) => a.id === row.accountId)!; // a foreign key: it exists
          await deliver(ctx, connections, row, account, job.retryCount >= job.retryLimit, nextTryAt(job));
        }
        return { id: job.id, status: 'completed' };
      } catch (err) {
        return { id: job.id, status: 'failed', output: { message: String(err) } };
      }
    }),
  );
}

/**
 * After a crash. An email left `sending` (over 10 min) is not sent again blindly: it fails with a
 * note to check the Sent folder, and can be retried by hand. A queued email whose job never made
 * it into the queue (a crash between the row's update and the job's insert) gets one; jobs are
 * durable otherwise, and an extra one finds nothing to claim.
 */
async function recover(ctx: AppContext, timing: SendTiming): Promise<void> {
  await ctx.db
    .update(emails)
    .set({
      sendStatus: 'failed',
      sendError: 'Interrupted while sending; check the Sent folder before retrying',
    })
    .where(and(eq(emails.sendStatus, 'sending'), lt(emails.updatedAt, new Date(Date.now() - 10 * 60_000))));
  const queued = await ctx.db
    .select({ id: emails.id, sendAt: emails.sendAt })
    .from(emails)
    .where(eq(emails.sendStatus, 'queued'));
  if (queued.length === 0 || !ctx.jobs) return;
  const jobs = await ctx.jobs.boss.findJobs<SendJob>(EMAIL_SEND_QUEUE, { queued: true });
  const waiting = new Set(jobs.map((j) => j.data.emailId));
  for (const q of queued) {
    if (!waiting.has(q.id)) await enqueueSend(ctx, q.id, q.sendAt ?? new Date(), timing);
  }
}

export type SendWorker = { stop(): Promise<void> };

/** Jobs fetched at once; their emails go out in parallel (each account's SMTP pool caps it). */
const BATCH_SIZE = 10;
/** Fetch loops: while one waits for a slow server, the other keeps sending. */
const WORKERS = 2;

/**
 * Works the send queue (server.ts), after recovering what a crash left behind. While a batch comes
 * back full its loop fetches again at once; otherwise each loop polls every `pollingSeconds`.
 */
export async function startEmailSend(
  ctx: AppContext,
  timing: SendTiming = DEFAULT_SEND_TIMING,
): Promise<SendWorker | undefined> {
  if (!ctx.jobs) return undefined;
  const boss = ctx.jobs.boss;
  await boss.createQueue(EMAIL_SEND_QUEUE);
  await recover(ctx, timing);
  const connections: Connections = {
    smtp: new SmtpTransports(ctx.config.secret),
    sent: new SentFolders(ctx.config.secret),
  };
  const options = {
    includeMetadata: true,
    perJobResults: true,
    batchSize: BATCH_SIZE,
    localConcurrency: WORKERS,
    burstWhenBatchFull: true,
    pollingIntervalSeconds: timing.pollingSeconds,
  } as const;
  const workId = await boss.work<SendJob, unknown, typeof options>(EMAIL_SEND_QUEUE, options, (jobs) =>
    work(ctx, connections, jobs),
  );
  ctx.jobs.track(EMAIL_SEND_QUEUE, workId);
  return {
    async stop() {
      await boss.offWork(EMAIL_SEND_QUEUE, { id: workId, wait: true });
      connections.smtp.close();
      await connections.sent.close();
    },
  };
}
