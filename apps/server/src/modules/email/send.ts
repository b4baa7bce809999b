import { randomUUID } from 'node:crypto';
import type { Draft, SendAnswer, SendEmailBody } from '@quayside/contract';
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { emails } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { conflict, invalid, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/sessions';
import { findCustomersByEmails } from '../customers/matching';
import { findAccountRow } from './accounts';
import { loadDraft, mayUse, saveDraft } from './compose';
import { newMessageId } from './mime';

/** Durable "send this email" jobs (EMAIL.md sending rules), worked by deliver.ts. */
export const EMAIL_SEND_QUEUE = 'email-send';
export type SendJob = { emailId: number };

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

/** How long an unscheduled send is held so that the user can undo it, unless the call says otherwise. */
export const DEFAULT_UNDO_SECONDS = 10;
const MAX_SCHEDULE_MS = 365 * 24 * 3600_000;

type User = SessionUser;

const DRAFT_FIELDS = ['account_id', 'to', 'cc', 'bcc', 'subject', 'html', 'attachment_ids'] as const;

/** Failed, or waiting for the next try after a refused attempt (queued with the reason kept). */
const retryable = or(
  eq(emails.sendStatus, 'failed'),
  and(eq(emails.sendStatus, 'queued'), ne(emails.sendError, '')),
);

/** A job that starts at `sendAt`; the worker's claim checks `send_at` again (see deliver.ts). */
export async function enqueueSend(
  ctx: AppContext,
  emailId: number,
  sendAt: Date,
  timing: SendTiming = DEFAULT_SEND_TIMING,
): Promise<void> {
  if (!ctx.jobs) throw new Error('sending needs the job queue');
  await ctx.jobs.send<SendJob>(
    EMAIL_SEND_QUEUE,
    { emailId },
    {
      startAfter: sendAt,
      retryLimit: timing.retryLimit,
      retryDelay: timing.retryDelay,
      retryBackoff: true,
      retryDelayMax: timing.retryDelayMax,
    },
  );
}

/** When the email leaves: the scheduled time (future, within a year), else the end of the undo window. */
function sendTime(body: SendEmailBody, now: Date): Date {
  if (body.send_at === undefined) {
    return new Date(now.getTime() + (body.undo_seconds ?? DEFAULT_UNDO_SECONDS) * 1000);
  }
  const at = new Date(body.send_at);
  if (at.getTime() <= now.getTime()) throw invalid('send_at', 'sendAtPast');
  if (at.getTime() > now.getTime() + MAX_SCHEDULE_MS) throw invalid('send_at', 'sendAtTooFar');
  return at;
}

/**
 * Send: saves the given draft fields (version-checked like save_draft), gives the email its
 * Message-ID and dedupe key, moves it to the outbox as `queued` until `send_at`, and only then
 * enqueues the job that starts at `send_at`.
 */
export async function sendEmail(
  ctx: AppContext,
  user: User,
  body: SendEmailBody,
  timing: SendTiming = DEFAULT_SEND_TIMING,
): Promise<SendAnswer> {
  const { db } = ctx;
  const sendAt = sendTime(body, new Date());
  const current = await loadDraft(db, user, body.id);
  const draft = DRAFT_FIELDS.some((k) => body[k] !== undefined)
    ? await saveDraft(db, user, {
        ...current,
        ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
        id: body.id,
        version: body.version ?? current.version,
      })
    : current;
  if (draft.to.length + draft.cc.length + draft.bcc.length === 0) throw invalid('to', 'emailNoRecipients');
  // An admin's draft may sit on an account that cannot send (compose.ts): sending needs one that can.
  await mayUse(db, user, draft.account_id);
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
      sendAt,
      messageId,
      dedupeKey: `mid:${messageId}`,
      customerId: customer?.id ?? null,
      date: now,
      updatedAt: now,
    })
    .where(and(eq(emails.id, body.id), eq(emails.folder, 'drafts')))
    .returning({ id: emails.id });
  if (!row) throw invalid('id', 'validationFailed');
  await enqueueSend(ctx, row.id, sendAt, timing);
  const undoSeconds = Math.max(0, Math.round((sendAt.getTime() - Date.now()) / 1000));
  return { id: row.id, send_status: 'queued', send_at: sendAt.toISOString(), undo_seconds: undoSeconds };
}

/**
 * Puts failed emails, and those waiting for their next try after a refused attempt, back in the
 * queue to go at once ("Retry now"); others are left alone. A waiting email's old job later finds
 * nothing to claim.
 */
export async function retrySend(
  ctx: AppContext,
  user: User,
  ids: number[],
  timing: SendTiming = DEFAULT_SEND_TIMING,
): Promise<void> {
  const rows = await ctx.db
    .select({ id: emails.id, accountId: emails.accountId })
    .from(emails)
    .where(and(inArray(emails.id, ids), retryable));
  await mayUse(ctx.db, user, ...rows.map((r) => r.accountId));
  for (const r of rows) {
    const now = new Date();
    const [claimed] = await ctx.db
      .update(emails)
      .set({ sendStatus: 'queued', sendError: '', sendAt: now, updatedAt: now })
      .where(and(eq(emails.id, r.id), retryable))
      .returning({ id: emails.id });
    if (claimed) await enqueueSend(ctx, r.id, now, timing);
  }
}

/**
 * Undo send / unschedule / give up: a queued email whose send has not started (or one that failed)
 * goes back to the drafts with
 * a new draft key and no Message-ID (the next send gives it a new one), and the draft is answered
 * so the editor reopens it. Its job stays in the queue and finds nothing to claim. Sending or sent
 * mail answers 409; an email that is already a draft again (a second click) answers the draft.
 */
export async function cancelSend(ctx: AppContext, user: User, id: number): Promise<Draft> {
  const { db } = ctx;
  const state = async () => {
    const [row] = await db
      .select({ accountId: emails.accountId, folder: emails.folder, sendStatus: emails.sendStatus })
      .from(emails)
      .where(and(eq(emails.id, id), isNull(emails.deletedAt)));
    if (!row) throw notFound('thingEmail');
    return row;
  };
  await mayUse(db, user, (await state()).accountId);
  const [back] = await db
    .update(emails)
    .set({
      folder: 'drafts',
      sendStatus: '',
      sendError: '',
      sendAt: null,
      messageId: '',
      dedupeKey: `draft:${randomUUID()}`,
      updatedAt: new Date(),
    })
    .where(and(eq(emails.id, id), inArray(emails.sendStatus, ['queued', 'failed']), isNull(emails.deletedAt)))
    .returning({ id: emails.id });
  if (!back) {
    const now = await state();
    if (now.sendStatus === 'sent') throw conflict('emailAlreadySent');
    if (now.sendStatus === 'sending') throw conflict('emailBeingSent');
    if (now.folder !== 'drafts' || now.sendStatus !== '') throw conflict('emailNotQueued');
  }
  return loadDraft(db, user, id);
}
