import { and, count, eq, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
import type { ImapFlow, MailboxObject } from 'imapflow';
import { emails, emailUids } from '../../../db/schema';
import { trashedColumns } from '../trash';
import type { FolderRow, SyncEnv } from './types';

/**
 * Changes to messages already stored, made in another mail client: a message gone from the folder
 * loses its link, and goes to the app's trash when no folder holds it any more; \Seen changes on the
 * server are applied (only those: a message read in the app stays read).
 * Answers whether the unread count may have changed.
 */
export async function reconcileFolder(
  env: SyncEnv,
  client: ImapFlow,
  folder: FolderRow,
  mailbox: MailboxObject,
): Promise<boolean> {
  if (folder.lastUid === 0) return false;
  const removed = await applyExpunges(env, client, folder, mailbox);
  const flagged = await applyFlagChanges(env, client, folder, mailbox);
  return removed || flagged;
}

async function applyExpunges(env: SyncEnv, client: ImapFlow, folder: FolderRow, mailbox: MailboxObject) {
  const [linked] = await env.db
    .select({ n: count() })
    .from(emailUids)
    .where(eq(emailUids.folderId, folder.id));
  if ((linked?.n ?? 0) <= mailbox.exists) return false;
  const present = await client.search({ uid: `1:${folder.lastUid}` }, { uid: true });
  // Sync rule 3: a failed search is an error, never "everything was deleted".
  if (!Array.isArray(present)) throw new Error(`UID SEARCH failed in ${folder.path}`);
  const onServer = new Set(present);
  const links = await env.db
    .select({ uid: emailUids.uid, emailId: emailUids.emailId })
    .from(emailUids)
    .where(eq(emailUids.folderId, folder.id));
  const gone = links.filter((l) => !onServer.has(l.uid));
  if (gone.length === 0) return false;
  await env.db.transaction(async (tx) => {
    for (let i = 0; i < gone.length; i += 1000) {
      const uids = gone.slice(i, i + 1000).map((l) => l.uid);
      await tx.delete(emailUids).where(and(eq(emailUids.folderId, folder.id), inArray(emailUids.uid, uids)));
    }
    const ids = [...new Set(gone.map((l) => l.emailId))];
    for (let i = 0; i < ids.length; i += 1000) {
      await tx
        .update(emails)
        .set(trashedColumns())
        .where(
          and(
            inArray(emails.id, ids.slice(i, i + 1000)),
            ne(emails.folder, 'trash'),
            isNull(emails.deletedAt),
            notExists(tx.select({ one: sql`1` }).from(emailUids).where(eq(emailUids.emailId, emails.id))),
          ),
        );
    }
  });
  return true;
}

async function applyFlagChanges(env: SyncEnv, client: ImapFlow, folder: FolderRow, mailbox: MailboxObject) {
  const condstore = client.enabled.has('CONDSTORE') && mailbox.highestModseq !== undefined;
  let since: bigint | undefined;
  if (condstore) {
    // First sync of the folder: everything was just read with its flags.
    if (!folder.highestModseq) return false;
    since = BigInt(folder.highestModseq);
    if (mailbox.highestModseq !== undefined && since >= mailbox.highestModseq) return false;
  }
  const seen: number[] = [];
  const unseen: number[] = [];
  const options = since === undefined ? { uid: true } : { uid: true, changedSince: since };
  for await (const msg of client.fetch(`1:${folder.lastUid}`, { uid: true, flags: true }, options)) {
    (msg.flags?.has('\\Seen') ? seen : unseen).push(msg.uid);
  }
  let changed = false;
  for (const [uids, value] of [
    [seen, true],
    [unseen, false],
  ] as const) {
    for (let i = 0; i < uids.length; i += 1000) {
      const linked = env.db
        .select({ id: emailUids.emailId })
        .from(emailUids)
        .where(and(eq(emailUids.folderId, folder.id), inArray(emailUids.uid, uids.slice(i, i + 1000))));
      const rows = await env.db
        .update(emails)
        .set({
          serverSeen: value,
          isRead: value,
          readAt: value ? sql`COALESCE(${emails.readAt}, now())` : null,
          updatedAt: new Date(),
        })
        .where(and(inArray(emails.id, linked), ne(emails.serverSeen, value)))
        .returning({ id: emails.id });
      if (rows.length > 0) changed = true;
    }
  }
  return changed;
}
