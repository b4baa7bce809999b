import type { SendEmailBody } from '@quayside/contract';
import { and, eq, inArray, lt } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { emails } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { invalid } from '../../lib/errors';
import { findCustomersByEmails } from '../customers/matching';
import { decryptSecret, findAccountRow } from './accounts';
import { loadDraft, mayUse, saveDraft } from './compose';
import { buildRawMessage, newMessageId } from './mime';
import { createImapClient, imapErrorMessage, imapSettings, mapFolders } from './sync/imap';

/** Durable "send this email" jobs (EMAIL.md sending rules). */
export const EMAIL_SEND_QUEUE = 'email-send';

export type SendTiming = {
  retryLimit: number;
  retryDelay: number;
  retryDelayMax: number;
  pollingSeconds: number;
};
/** Retry with backoff from 30 s up to an hour, 8 times; tests shorten it (mutable on purpose). */
export const DEFAULT_SEND_TIMING: SendTiming = {
  retryLimit: 8,
  retryDelay: 30,
  retryDelayMax: 3600,
  pollingSeconds: 2,
};

type User = { id: number; roles: readonly string[] };

const DRAFT_FIELDS = ['account_id', 'to', 'cc', 'bcc', 'subject', 'html', 'attachment_ids'] as const;

async function enqueue(ctx: AppContext, timing: SendTiming, emailId: number): Promise<void> {
  if (!ctx.jobs) throw new Error('sending needs the job queue');
  await ctx.jobs.boss.createQueue(EMAIL_SEND_QUEUE);
  await ctx.jobs.boss.send(
    EMAIL_SEND_QUEUE,
    { emailId },
    {
      retryLimit: timing.retryLimit,
      retryDelay: timing.retryDelay,
      retryBackoff: true,
      retryDelayMax: timing.retryDelayMax,
    },
  );
}

/**
 * Send: saves the given draft fields (version-checked like save_draft), gives the email its
 * Message-ID and dedupe key, moves it to the outbox as `queued`, and only then enqueues the job.
 */
export async function sendEmail(
  ctx: AppContext,
  user: User,
  body: SendEmailBody,
  timing: SendTiming = DEFAULT_SEND_TIMING,
): Promise<{ id: number; send_status: string }> {
  const { db } = ctx;
  const current = await loadDraft(db, user, body.id);
  if (DRAFT_FIELDS.some((k) => body[k] !== undefined)) {
    const merged = {
      ...current,
      ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
    };
    await saveDraft(db, user, { ...merged, id: body.id, version: body.version ?? current.version });
  }
  const draft = await loadDraft(db, user, body.id);
  if (draft.to.length + draft.cc.length + draft.bcc.length === 0) throw invalid('to', 'emailNoRecipients');
  const account = await findAccountRow(db, draft.account_id);
  if (!account.smtpHost) throw invalid('account_id', 'smtpNotConfigured');
  const messageId = newMessageId(account.address);
  const recipients = [...draft.to, ...draft.cc, ...draft.bcc].map((a) => a.address);
  const customer = (await findCustomersByEmails(db, recipients))[0];
  const now = new Date();
  const [row] = await db
    .update(emails)
    .set({
      folder: 'outbox',
      sendStatus: 'queued',
      sendError: '',
      messageId,
      dedupeKey: `mid:${messageId}`,
      customerId: customer?.id ?? null,
      date: now,
      updatedAt: now,
    })
    .where(and(eq(emails.id, body.id), eq(emails.folder, 'drafts')))
    .returning({ id: emails.id });
  if (!row) throw invalid('id', 'validationFailed');
  await enqueue(ctx, timing, row.id);
  return { id: row.id, send_status: 'queued' };
}

/** Puts failed emails back in the queue (manual retry); others are left alone. */
export async function retrySend(
  ctx: AppContext,
  user: User,
  ids: number[],
  timing: SendTiming = DEFAULT_SEND_TIMING,
): Promise<void> {
  const rows = await ctx.db
    .select({ id: emails.id, accountId: emails.accountId })
    .from(emails)
    .where(and(inArray(emails.id, ids), eq(emails.sendStatus, 'failed')));
  for (const r of rows) await mayUse(ctx.db, user, r.accountId);
  for (const r of rows) {
    const [claimed] = await ctx.db
      .update(emails)
      .set({ sendStatus: 'queued', sendError: '', updatedAt: new Date() })
      .where(and(eq(emails.id, r.id), eq(emails.sendStatus, 'failed')))
      .returning({ id: emails.id });
    if (claimed) await enqueue(ctx, timing, r.id);
  }
}

type SmtpError = Error & { responseCode?: number; response?: string };

const fail = (ctx: AppContext, id: number, sendError: string) =>
  ctx.db
    .update(emails)
    .set({ sendStatus: 'failed', sendError: sendError.slice(0, 1000), updatedAt: new Date() })
    .where(eq(emails.id, id));

/**
 * One attempt. The email is claimed (queued → sending) first, so a duplicate job never sends it
 * twice. A 5xx reply fails it with the server's text; a 4xx reply or a lost connection puts it
 * back to queued and throws, so pg-boss retries with backoff (the last attempt fails it).
 */
export async function deliver(ctx: AppContext, emailId: number, lastAttempt: boolean): Promise<void> {
  const [row] = await ctx.db
    .update(emails)
    .set({ sendStatus: 'sending', updatedAt: new Date() })
    .where(and(eq(emails.id, emailId), eq(emails.sendStatus, 'queued')))
    .returning();
  if (!row) return;
  const account = await findAccountRow(ctx.db, row.accountId);
  let raw: Buffer;
  try {
    const built = await buildRawMessage(ctx.db, ctx.files, row);
    raw = built.raw;
    const transport = nodemailer.createTransport({
      host: account.smtpHost,
      port: account.smtpPort,
      secure: account.smtpSecure,
      auth: account.smtpUser
        ? { user: account.smtpUser, pass: decryptSecret(ctx.config.secret, account.smtpPassword) }
        : undefined,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 120_000,
    });
    try {
      await transport.sendMail({ envelope: built.envelope, raw });
    } finally {
      transport.close();
    }
  } catch (err) {
    const e = err as SmtpError;
    const text = e.response || e.message || String(err);
    if (e.responseCode && e.responseCode >= 500) {
      await fail(ctx, emailId, text);
      return;
    }
    if (lastAttempt) {
      await fail(ctx, emailId, text);
      return;
    }
    await ctx.db
      .update(emails)
      .set({ sendStatus: 'queued', sendError: text.slice(0, 1000) })
      .where(eq(emails.id, emailId));
    throw err;
  }
  await ctx.db
    .update(emails)
    .set({ sendStatus: 'sent', sendError: '', updatedAt: new Date() })
    .where(eq(emails.id, emailId));
  await appendToSent(ctx, account, raw).catch((err) =>
    console.error(`[email] append to Sent of account ${account.id}: ${imapErrorMessage(err)}`),
  );
}

/** The sent bytes into the account's Sent folder (\Seen); the next sync links it by Message-ID. */
async function appendToSent(
  ctx: AppContext,
  account: Awaited<ReturnType<typeof findAccountRow>>,
  raw: Buffer,
): Promise<void> {
  const client = createImapClient(imapSettings(account, ctx.config.secret));
  await client.connect();
  try {
    const sent = mapFolders(await client.list()).get('sent');
    if (sent) await client.append(sent, raw, ['\\Seen']);
  } finally {
    await client.logout().catch(() => {});
  }
}

/**
 * Works the send queue (server.ts). An email left `sending` (over 10 min) by a crash is not sent
 * again blindly: it fails with a note to check the Sent folder, and can be retried by hand.
 */
export async function startEmailSend(
  ctx: AppContext,
  timing: SendTiming = DEFAULT_SEND_TIMING,
): Promise<void> {
  if (!ctx.jobs) return;
  await ctx.db
    .update(emails)
    .set({
      sendStatus: 'failed',
      sendError: 'Interrupted while sending; check the Sent folder before retrying',
    })
    .where(and(eq(emails.sendStatus, 'sending'), lt(emails.updatedAt, new Date(Date.now() - 10 * 60_000))));
  const boss = ctx.jobs.boss;
  await boss.createQueue(EMAIL_SEND_QUEUE);
  await boss.work<{ emailId: number }, unknown, { includeMetadata: true; pollingIntervalSeconds: number }>(
    EMAIL_SEND_QUEUE,
    { includeMetadata: true, pollingIntervalSeconds: timing.pollingSeconds },
    async (jobs) => {
      for (const job of jobs) await deliver(ctx, job.data.emailId, job.retryCount >= job.retryLimit);
    },
  );
}
