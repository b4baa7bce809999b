import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { emailAddresses, emailAttachments, emailFolders, emails, emailUids, files } from '../../../db/schema';
import { trashedColumns } from '../trash';
import type { PreparedEmail, PreparedFile } from './prepare';
import { assignThreads } from './thread';
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

/** `files` rows for stored bytes, in order (PostgreSQL answers a multi-row insert in VALUES order). */
async function insertFiles(tx: DbOrTx, list: PreparedFile[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < list.length; i += 500) {
    const rows = await tx
      .insert(files)
      .values(
        list.slice(i, i + 500).map((f) => ({ sha256: f.sha256, name: f.name, size: f.size, mime: f.mime })),
      )
      .returning({ id: files.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

function emailValues(accountId: number, e: NewEmail, rawFileId: number): typeof emails.$inferInsert {
  return {
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

/**
 * The new messages of a batch with their files, parties, attachments and threads, in a handful of
 * multi-row statements. Answers the ids by dedupe key (an existing one when another writer won).
 */
async function insertEmails(tx: DbOrTx, accountId: number, fresh: NewEmail[]) {
  const fileIds = await insertFiles(
    tx,
    fresh.flatMap((e) => [e.raw, ...e.attachments]),
  );
  let at = 0;
  const values = fresh.map((e) => {
    const rawFileId = fileIds[at]!;
    const attachmentFileIds = fileIds.slice(at + 1, at + 1 + e.attachments.length);
    at += 1 + e.attachments.length;
    return { e, row: emailValues(accountId, e, rawFileId), attachmentFileIds };
  });
  const rows = await tx
    .insert(emails)
    .values(values.map((v) => v.row))
    .onConflictDoNothing({ target: [emails.accountId, emails.dedupeKey] })
    .returning({ id: emails.id, key: emails.dedupeKey });
  const newIds = new Map(rows.map((r) => [r.key, r.id]));
  const created = values
    .filter((v) => newIds.has(v.e.dedupeKey))
    .map((v) => ({ ...v, id: newIds.get(v.e.dedupeKey)! }));

  const addressRows = created.flatMap((c) => parties(c.id, c.e));
  for (let i = 0; i < addressRows.length; i += 1000) {
    await tx
      .insert(emailAddresses)
      .values(addressRows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
  const attachmentRows = created.flatMap((c) =>
    c.e.attachments.map((a, i) => ({
      emailId: c.id,
      fileId: c.attachmentFileIds[i]!,
      name: a.name,
      size: a.size,
      mime: a.mime,
      contentId: a.contentId,
      inline: a.inline,
    })),
  );
  if (attachmentRows.length > 0) await tx.insert(emailAttachments).values(attachmentRows);
  await assignThreads(
    tx,
    accountId,
    created.map((c) => ({
      ...c.e,
      id: c.id,
      counterpart: c.e.direction === 'in' ? c.e.from.address : (c.e.to[0]?.address ?? ''),
    })),
  );
  return created.map((c) => ({ id: c.id, email: c.e }));
}

/**
 * Stores a batch and moves the folder's cursor in one transaction (sync rules 2 and 3): either the
 * messages and the cursor are both saved, or neither is.
 */
export async function writeBatch(
  tx: DbOrTx,
  batch: BatchWrite,
): Promise<{ inserted: { id: number; email: NewEmail }[] }> {
  const inserted = batch.fresh.length > 0 ? await insertEmails(tx, batch.accountId, batch.fresh) : [];
  const links = [...batch.links, ...inserted.map((i) => ({ uid: i.email.uid, emailId: i.id }))];
  // Messages another writer stored first, and further copies within the batch, link by their key.
  const stored = new Set(inserted.map((i) => i.email.dedupeKey));
  const aliases = [
    ...batch.aliases,
    ...batch.fresh
      .filter((e) => !stored.has(e.dedupeKey))
      .map((e) => ({ uid: e.uid, dedupeKey: e.dedupeKey })),
  ];
  if (aliases.length > 0) {
    const rows = await tx
      .select({ id: emails.id, key: emails.dedupeKey })
      .from(emails)
      .where(
        and(
          eq(emails.accountId, batch.accountId),
          inArray(
            emails.dedupeKey,
            aliases.map((a) => a.dedupeKey),
          ),
        ),
      );
    const ids = new Map(rows.map((r) => [r.key, r.id]));
    for (const a of aliases) {
      const emailId = ids.get(a.dedupeKey);
      if (emailId) links.push({ uid: a.uid, emailId });
    }
  }
  if (links.length > 0) {
    await tx
      .insert(emailUids)
      .values(links.map((l) => ({ folderId: batch.folder.id, uid: l.uid, emailId: l.emailId })))
      .onConflictDoNothing();
  }
  if (batch.toTrash.length > 0) {
    await tx
      .update(emails)
      .set(trashedColumns())
      .where(and(inArray(emails.id, batch.toTrash), ne(emails.folder, 'trash'), isNull(emails.deletedAt)));
  }
  await tx
    .update(emailFolders)
    .set({ lastUid: sql`GREATEST(${emailFolders.lastUid}, ${batch.maxUid})` })
    .where(eq(emailFolders.id, batch.folder.id));
  return { inserted };
}
