import { randomUUID } from 'node:crypto';
import type { ComposeQuery, Draft, SaveDraftBody } from '@quayside/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailAccounts, emailAddresses, emailAttachments, emails, type StoredAddress } from '../../db/schema';
import { AppError, conflict, forbidden, invalid, notFound } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import type { SessionUser } from '../../lib/sessions';
import { readableFiles } from '../files/access';
import { mayUseAccounts, sendAccounts } from './accounts';
import { sanitizeOwnHtml } from './sanitize';
import { signatureHtml } from './signature';
import { baseSubject, htmlToText } from './sync/message';

type User = SessionUser;
type EmailRow = typeof emails.$inferSelect;

const isAdmin = (user: User) => user.roles.includes('admin');

/** 403 unless the user may compose and send from every one of these accounts (one query for all). */
export async function mayUse(db: Db, user: User, ...accountIds: number[]): Promise<void> {
  if (await mayUseAccounts(db, user, accountIds)) return;
  // An admin may use any account: what stops this one is that it cannot send (switched off).
  throw isAdmin(user) ? new AppError('FORBIDDEN', 'noSendAccount') : forbidden();
}

/**
 * Drafts: an admin may reply to and forward any mail and keep the draft even where no account can
 * send yet (the editor says "Connect a mailbox to send"); sending still needs an enabled account.
 */
async function mayDraft(db: Db, user: User, ...accountIds: number[]): Promise<void> {
  if (!isAdmin(user)) await mayUse(db, user, ...accountIds);
}

/** The accounts a new draft may be written from: the send accounts, and for an admin every account. */
async function draftAccounts(db: Db, user: User) {
  const usable = await sendAccounts(db, user);
  if (!isAdmin(user)) return usable;
  const others = await db
    .select({
      id: emailAccounts.id,
      address: emailAccounts.address,
      name: emailAccounts.name,
      signature: emailAccounts.signature,
    })
    .from(emailAccounts)
    .orderBy(asc(emailAccounts.id));
  // Enabled ones first: a new mail is written from an account that can send.
  return [...usable, ...others.filter((a) => !usable.some((u) => u.id === a.id))];
}

const show = (a: StoredAddress) => (a.name ? `${a.name} <${a.address}>` : a.address);

/** Adds the prefix unless the subject already starts with it (or an equivalent one). */
function prefixed(prefix: 'Re' | 'Fwd', subject: string): string {
  const has = prefix === 'Re' ? /^\s*(re|回复|答复)\s*[:：]/i : /^\s*(fwd?|转发|轉寄)\s*[:：]/i;
  return has.test(subject) ? subject : `${prefix}: ${subject}`;
}

function unique(list: StoredAddress[], skip: Set<string>): StoredAddress[] {
  const seen = new Set(skip);
  const out: StoredAddress[] = [];
  for (const a of list) {
    const address = a.address.toLowerCase();
    if (!address || seen.has(address)) continue;
    seen.add(address);
    out.push({ name: a.name, address });
  }
  return out;
}

function quote(source: EmailRow, forward: boolean): string {
  const from = escapeHtml(show({ name: source.fromName, address: source.fromAddress }));
  const body = source.html || `<pre>${escapeHtml(source.text)}</pre>`;
  if (forward) {
    const lines = [
      '---------- Forwarded message ----------',
      `From: ${from}`,
      `Date: ${source.date.toUTCString()}`,
      `Subject: ${escapeHtml(source.subject)}`,
      `To: ${escapeHtml(source.to.map(show).join(', '))}`,
    ];
    return `<p></p><div class="qs-forward">${lines.join('<br>')}<br><br>${body}</div>`;
  }
  return `<p></p><div class="qs-quote">On ${source.date.toUTCString()}, ${from} wrote:<br><blockquote>${body}</blockquote></div>`;
}

/** A new draft (API.md compose): empty, a reply (to the sender, or everyone) or a forward. */
export async function compose(
  db: Db,
  user: User,
  query: ComposeQuery,
): Promise<{ id: number; version: string }> {
  const accounts = await draftAccounts(db, user);
  let source: EmailRow | undefined;
  if (query.mode !== 'new') {
    if (!query.id) throw invalid('id', 'validationFailed');
    [source] = await db
      .select()
      .from(emails)
      .where(and(eq(emails.id, query.id), isNull(emails.deletedAt)));
    if (!source) throw notFound('thingEmail');
    if (!accounts.some((a) => a.id === source!.accountId)) throw forbidden();
  }
  const account = accounts.find((a) => a.id === source?.accountId) ?? accounts[0];
  if (!account) throw new AppError('FORBIDDEN', 'noSendAccount');

  const own = new Set(
    (await db.select({ address: emailAccounts.address }).from(emailAccounts)).map((a) =>
      a.address.toLowerCase(),
    ),
  );
  let to: StoredAddress[] = [];
  let cc: StoredAddress[] = [];
  let subject = '';
  let html = account.signature
    ? `<p></p><div class="qs-signature">${signatureHtml(account.signature)}</div>`
    : '';
  let inReplyTo = '';
  let references: string[] = [];
  let threadId: number | null = null;
  if (query.mode === 'new' && query.to) {
    // `Name <a@b>`, or `"Name, with \"quotes\"" <a@b>` as the web's formatRecipient writes it.
    const m = query.to.match(/^\s*(?:"((?:[^"\\]|\\.)*)"|([^"<]*?))\s*<([^<>\s]+)>\s*$/);
    const name = m?.[1]?.replace(/\\(.)/g, '$1') ?? m?.[2] ?? '';
    to = unique([{ name: name.trim(), address: (m?.[3] ?? query.to).trim() }], new Set());
  }
  if (source) {
    const sender = { name: source.fromName, address: source.fromAddress };
    const outgoing = source.direction === 'out';
    if (query.mode === 'forward') {
      subject = prefixed('Fwd', source.subject);
    } else {
      subject = prefixed('Re', source.subject);
      const first = outgoing ? source.to : [sender];
      to = unique(query.mode === 'reply_all' ? [...first, ...(outgoing ? [] : source.to)] : first, own);
      if (query.mode === 'reply_all') {
        cc = unique(source.cc, new Set([...own, ...to.map((a) => a.address)]));
      }
      if (source.messageId) {
        inReplyTo = source.messageId;
        references = [...new Set([...source.references, source.messageId])].slice(-50);
      }
      threadId = source.threadId;
    }
    html = `${html}${quote(source, query.mode === 'forward')}`;
  }
  // The quoted mail may be one written here (sent, or a draft saved before drafts were sanitised).
  html = sanitizeOwnHtml(html);

  const now = new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(emails)
      .values({
        accountId: account.id,
        folder: 'drafts',
        direction: 'out',
        dedupeKey: `draft:${randomUUID()}`,
        inReplyTo,
        references,
        threadId,
        subject,
        baseSubject: baseSubject(subject).base,
        fromName: account.name,
        fromAddress: account.address.toLowerCase(),
        to,
        cc,
        date: now,
        isRead: true,
        readAt: now,
        html,
        text: htmlToText(html),
        createdBy: user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: emails.id });
    if (source && query.mode === 'forward') {
      const attachments = await tx
        .select()
        .from(emailAttachments)
        .where(eq(emailAttachments.emailId, source.id))
        .orderBy(asc(emailAttachments.id));
      if (attachments.length > 0) {
        await tx
          .insert(emailAttachments)
          .values(attachments.map(({ id: _id, emailId: _e, ...a }) => ({ ...a, emailId: row!.id })));
        await tx.update(emails).set({ hasAttachment: true }).where(eq(emails.id, row!.id));
      }
    }
    return { id: row!.id, version: now.toISOString() };
  });
}

async function findDraft(db: Db, id: number): Promise<EmailRow> {
  const [row] = await db
    .select()
    .from(emails)
    .where(and(eq(emails.id, id), eq(emails.folder, 'drafts'), isNull(emails.deletedAt)));
  if (!row) throw notFound('thingEmail');
  return row;
}

export async function loadDraft(db: Db, user: User, id: number): Promise<Draft> {
  const row = await findDraft(db, id);
  await mayDraft(db, user, row.accountId);
  return toDraft(db, row);
}

async function toDraft(db: Db, row: EmailRow): Promise<Draft> {
  const attachments = await db
    .select({ fileId: emailAttachments.fileId })
    .from(emailAttachments)
    .where(eq(emailAttachments.emailId, row.id))
    .orderBy(asc(emailAttachments.id));
  return {
    id: row.id,
    version: row.updatedAt.toISOString(),
    account_id: row.accountId,
    to: row.to,
    cc: row.cc,
    bcc: row.bcc,
    subject: row.subject,
    html: sanitizeOwnHtml(row.html),
    attachment_ids: attachments.map((a) => a.fileId),
    in_reply_to: row.inReplyTo,
    references: row.references,
  };
}

/**
 * Saves a draft. With `version` (the `updated_at` the client last read) the update only applies
 * when nobody saved in between; otherwise it answers 409 CONFLICT with the stored version.
 */
export async function saveDraft(db: Db, user: User, body: SaveDraftBody): Promise<Draft> {
  const row = await findDraft(db, body.id);
  const accountId = body.account_id ?? row.accountId;
  await mayDraft(db, user, row.accountId, accountId);
  const [account] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId));
  if (!account) throw notFound('thingEmailAccount');

  const stale = () => conflict('draftStale', undefined, { version: row.updatedAt.toISOString() });
  const readVersion = body.version === undefined ? row.updatedAt : new Date(body.version);
  if (Number.isNaN(readVersion.getTime())) throw stale();
  // Always move forward, even within the same millisecond, so the next save sees a new version.
  const now = new Date(Math.max(Date.now(), row.updatedAt.getTime() + 1));
  // What the draft will send, and what every read of it hands out.
  const html = sanitizeOwnHtml(body.html);

  const fileIds = [...new Set(body.attachment_ids)];
  const fileRows = await readableFiles(db, user, fileIds, 'attachment_ids');

  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(emails)
      .set({
        accountId,
        fromName: account.name,
        fromAddress: account.address.toLowerCase(),
        to: body.to,
        cc: body.cc,
        bcc: body.bcc,
        subject: body.subject,
        baseSubject: baseSubject(body.subject).base,
        html,
        text: htmlToText(html),
        hasAttachment: fileIds.length > 0,
        date: now,
        updatedAt: now,
      })
      .where(
        and(
          eq(emails.id, row.id),
          eq(emails.folder, 'drafts'),
          sql`date_trunc('milliseconds', ${emails.updatedAt}) = ${readVersion.toISOString()}::timestamptz`,
        ),
      )
      .returning();
    if (!updated) throw stale();

    const before = await tx.select().from(emailAttachments).where(eq(emailAttachments.emailId, row.id));
    const kept = new Map(before.map((a) => [a.fileId, a]));
    await tx.delete(emailAttachments).where(eq(emailAttachments.emailId, row.id));
    const byId = new Map(fileRows.map((f) => [f.id, f]));
    if (fileIds.length > 0) {
      await tx.insert(emailAttachments).values(
        fileIds.map((fileId) => {
          const old = kept.get(fileId);
          const file = byId.get(fileId)!;
          return {
            emailId: row.id,
            fileId,
            name: old?.name ?? file.name,
            size: old?.size ?? file.size,
            mime: old?.mime ?? file.mime,
            contentId: old?.contentId ?? '',
            inline: old?.inline ?? false,
          };
        }),
      );
    }
    await tx.delete(emailAddresses).where(eq(emailAddresses.emailId, row.id));
    const parties = [
      { role: 'from', address: updated.fromAddress, name: updated.fromName },
      ...(['to', 'cc', 'bcc'] as const).flatMap((role) => body[role].map((a) => ({ role, ...a }))),
    ];
    const seen = new Set<string>();
    const values = parties
      .filter((p) => p.address && !seen.has(`${p.role} ${p.address}`) && seen.add(`${p.role} ${p.address}`))
      .map((p) => ({ emailId: row.id, role: p.role, address: p.address, name: p.name }));
    if (values.length > 0) await tx.insert(emailAddresses).values(values);
    return toDraft(tx as unknown as Db, updated);
  });
}
