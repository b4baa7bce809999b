import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { emailAddresses, emailAttachments, emailFolders, emails, emailUids, files } from '../../../db/schema';
import { trashedColumns } from '../trash';
import type { PreparedEmail, PreparedFile } from './prepare';
import { insertRows, storableJson } from './rows';
import { adoptEarlierReplies, planThreads } from './thread';
import type { DbOrTx, FolderRow } from './types';

/** Where a new message goes and what it is, decided before the transaction. */
export type NewEmail = PreparedEmail & {
  folder: 'inbox' | 'outbox' | 'drafts' | 'trash';
  previousFolder: string;
  direction: 'in' | 'out';
  type: 'normal' | 'inquiry';
  customerId: number | null;
};

export type BatchWrite = {
  accountId: number;
  folder: FolderRow;
  /** Highest uid the batch covers: the folder's cursor after the commit. */
  maxUid: number;
  fresh: NewEmail[];
  /** Messages already stored (by dedupe key) that this folder also holds. */
  links: { uid: number; emailId: number }[];
  /** Further uids of a message that `fresh` brings (the same message twice in the folder). */
  aliases: { uid: number; dedupeKey: string }[];
  /** Known emails found in the server's Trash or Junk: moved to the app's trash. */
  toTrash: number[];
};

/**
 * Another writer stored one of the batch's messages between the check at the start of the transaction
 * and the insert. The transaction is rolled back; written again, the batch links to that row.
 */
export class ConcurrentInsertError extends Error {
  constructor() {
    super('a message of the batch was stored by another writer meanwhile');
  }
}

/** Ids of stored emails of the account by dedupe key. */
async function idsByKey(tx: DbOrTx, accountId: number, keys: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < keys.length; i += 1000) {
    const rows = await tx
      .select({ id: emails.id, key: emails.dedupeKey })
      .from(emails)
      .where(and(eq(emails.accountId, accountId), inArray(emails.dedupeKey, keys.slice(i, i + 1000))));
    for (const r of rows) ids.set(r.key, r.id);
  }
  return ids;
}

/**
 * Ids for the rows about to be inserted, from the tables' own sequences: with its id known first, an
 * email is written once, thread included, instead of inserted and then updated.
 */
async function allocateIds(tx: DbOrTx, nEmails: number, nFiles: number) {
  const { rows } = await tx.execute<{ e: number[] | null; f: number[] | null }>(sql`
    SELECT
      (SELECT array_agg(nextval(pg_get_serial_sequence('emails', 'id'))::int) FROM generate_series(1, ${nEmails}::int)) AS e,
      (SELECT array_agg(nextval(pg_get_serial_sequence('files', 'id'))::int) FROM generate_series(1, ${nFiles}::int)) AS f`);
  return { emails: rows[0]?.e ?? [], files: rows[0]?.f ?? [] };
}

function emailValues(accountId: number, e: NewEmail, id: number, threadId: number, rawFileId: number) {
  const row: typeof emails.$inferInsert = {
    id,
    threadId,
    accountId,
    folder: e.folder,
    previousFolder: e.previousFolder,
    trashedAt: e.folder === 'trash' ? new Date() : null,
    direction: e.direction,
    type: e.type,
    messageId: e.messageId,
    dedupeKey: e.dedupeKey,
    inReplyTo: e.inReplyTo,
    references: e.references,
    subject: e.subject,
    baseSubject: e.baseSubject,
    fromName: e.from.name,
    fromAddress: e.from.address,
    to: e.to,
    cc: e.cc,
    bcc: e.bcc,
    date: e.date,
    isRead: e.seen || e.direction === 'out',
    readAt: e.seen ? e.date : null,
    serverSeen: e.seen,
    hasAttachment: e.attachments.some((a) => !a.inline),
    text: e.text,
    html: e.html,
    hasRemoteImages: e.hasRemoteImages,
    headers: e.headers,
    rawFileId,
    size: e.size,
    isRaw: e.isRaw,
    senderIp: e.senderIp,
    senderCountry: e.senderCountry,
    customerId: e.customerId,
  };
  return row;
}

function parties(emailId: number, e: NewEmail) {
  const out = new Map<string, typeof emailAddresses.$inferInsert>();
  const add = (role: string, list: { name: string; address: string }[]) => {
    for (const a of list) if (a.address) out.set(`${role} ${a.address}`, { emailId, role, ...a });
  };
  add('from', [e.from]);
  add('to', e.to);
  add('cc', e.cc);
  add('bcc', e.bcc);
  return [...out.values()];
}

const fileRow = (id: number, f: PreparedFile) => ({
  id,
  sha256: f.sha256,
  name: f.name,
  size: f.size,
  mime: f.mime,
});

/**
 * The new messages of a batch with their files, parties, attachments and threads, one multi-row
 * statement per table. Answers the ids given to them.
 */
async function insertEmails(tx: DbOrTx, accountId: number, fresh: NewEmail[]) {
  const nFiles = fresh.reduce((n, e) => n + 1 + e.attachments.length, 0);
  const ids = await allocateIds(tx, fresh.length, nFiles);
  const created = fresh.map((e, i) => ({ id: ids.emails[i]!, email: e }));
  const plan = await planThreads(
    tx,
    accountId,
    created.map(({ id, email: e }) => ({
      ...e,
      id,
      counterpart: e.direction === 'in' ? e.from.address : (e.to[0]?.address ?? ''),
    })),
  );

  const fileRows: ReturnType<typeof fileRow>[] = [];
  const emailRows: (typeof emails.$inferInsert)[] = [];
  const attachmentRows: (typeof emailAttachments.$inferInsert)[] = [];
  for (const { id, email: e } of created) {
    const rawFileId = ids.files[fileRows.length]!;
    fileRows.push(fileRow(rawFileId, e.raw));
    for (const a of e.attachments) {
      const fileId = ids.files[fileRows.length]!;
      fileRows.push(fileRow(fileId, a));
      attachmentRows.push({
        emailId: id,
        fileId,
        name: a.name,
        size: a.size,
        mime: a.mime,
        contentId: a.contentId,
        inline: a.inline,
      });
    }
    emailRows.push(emailValues(accountId, e, id, plan.threads.get(id) ?? id, rawFileId));
  }
  await tx.execute(insertRows(files, fileRows));
  const { rows } = await tx.execute(
    insertRows(emails, emailRows, sql`ON CONFLICT (account_id, dedupe_key) DO NOTHING RETURNING id`),
  );
  if (rows.length !== emailRows.length) throw new ConcurrentInsertError();
  const addressRows = created.flatMap((c) => parties(c.id, c.email));
  if (addressRows.length > 0)
    await tx.execute(insertRows(emailAddresses, addressRows, sql`ON CONFLICT DO NOTHING`));
  if (attachmentRows.length > 0) await tx.execute(insertRows(emailAttachments, attachmentRows));
  await adoptEarlierReplies(tx, accountId, plan.parents);
  return created;
}

/** A customer's last-received time moves forward only (an old mail synced late does not move it back). */
async function recordCustomersReceived(tx: DbOrTx, inserted: { email: NewEmail }[]): Promise<void> {
  const latest = new Map<number, Date>();
  for (const { email: e } of inserted) {
    if (e.direction !== 'in' || !e.customerId) continue;
    const at = latest.get(e.customerId);
    if (!at || at < e.date) latest.set(e.customerId, e.date);
  }
  if (latest.size === 0) return;
  const values = storableJson([...latest].map(([id, at]) => ({ id, at })));
  await tx.execute(sql`
    UPDATE customers AS c SET last_received_at = v.at
    FROM json_to_recordset(${values}::json) AS v(id int, at timestamptz)
    WHERE c.id = v.id AND (c.last_received_at IS NULL OR c.last_received_at < v.at)`);
}

/**
 * Messages that come from no server folder (the website's inquiry form), stored like a batch's new
 * mail: files, parties, attachments, thread, the customer's last-received time. Answers their ids.
 */
export async function writeLocalEmails(
  tx: DbOrTx,
  accountId: number,
  fresh: NewEmail[],
): Promise<{ id: number; email: NewEmail }[]> {
  const inserted = await insertEmails(tx, accountId, fresh);
  await recordCustomersReceived(tx, inserted);
  return inserted;
}

/**
 * Stores a batch and moves the folder's cursor in one transaction (sync rules 2 and 3): either the
 * messages and the cursor are both saved, or neither is.
 */
export async function writeBatch(
  tx: DbOrTx,
  batch: BatchWrite,
): Promise<{ inserted: { id: number; email: NewEmail }[] }> {
  // Stored since the batch was gathered (by an earlier batch of the same sync, which the download of
  // this one overlapped, or by another writer): linked, not inserted.
  const ids = await idsByKey(
    tx,
    batch.accountId,
    batch.fresh.map((e) => e.dedupeKey),
  );
  const fresh = batch.fresh.filter((e) => !ids.has(e.dedupeKey));
  const inserted = fresh.length > 0 ? await insertEmails(tx, batch.accountId, fresh) : [];
  for (const i of inserted) ids.set(i.email.dedupeKey, i.id);
  const links = [...batch.links];
  for (const m of [...batch.fresh, ...batch.aliases]) {
    const emailId = ids.get(m.dedupeKey);
    if (emailId) links.push({ uid: m.uid, emailId });
  }
  if (links.length > 0) {
    await tx.execute(
      insertRows(
        emailUids,
        links.map((l) => ({ folderId: batch.folder.id, uid: l.uid, emailId: l.emailId })),
        sql`ON CONFLICT DO NOTHING`,
      ),
    );
  }
  if (batch.toTrash.length > 0) {
    await tx
      .update(emails)
      .set(trashedColumns())
      .where(and(inArray(emails.id, batch.toTrash), ne(emails.folder, 'trash'), isNull(emails.deletedAt)));
  }
  await recordCustomersReceived(tx, inserted);
  await tx
    .update(emailFolders)
    .set({ lastUid: sql`GREATEST(${emailFolders.lastUid}, ${batch.maxUid})` })
    .where(eq(emailFolders.id, batch.folder.id));
  return { inserted };
}
