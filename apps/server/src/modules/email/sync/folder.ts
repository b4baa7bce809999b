import { and, eq } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import { emailFolders, emailUids } from '../../../db/schema';
import type { BlacklistMatcher } from '../blacklist';
import { commitBatch, gatherBatch } from './batch';
import type { SyncProgress } from './progress';
import { reconcileFolder } from './reconcile';
import type { AccountRow, FolderRole, FolderRow, SyncEnv } from './types';

/** New inbox mail announced per folder sync, the latest (publishNewMail sends at most five). */
const NEW_MAIL_EVENTS = 5;

export type FolderResult = {
  inserted: number;
  newInbox: { id: number; folder: string }[];
  /** The unread count may have changed through flags or deletions made elsewhere. */
  changed: boolean;
};

async function folderRow(
  env: SyncEnv,
  accountId: number,
  path: string,
  role: FolderRole,
): Promise<FolderRow> {
  await env.db.insert(emailFolders).values({ accountId, path, role }).onConflictDoNothing();
  const [row] = await env.db
    .update(emailFolders)
    .set({ role })
    .where(and(eq(emailFolders.accountId, accountId), eq(emailFolders.path, path)))
    .returning();
  return row!;
}

/**
 * Sync rule 5: a new UIDVALIDITY makes every stored uid of the folder meaningless. The links go (the
 * emails stay); the folder is read again from uid 1 and each message relinks by its dedupe key.
 */
async function resetFolder(env: SyncEnv, folder: FolderRow, uidValidity: string): Promise<FolderRow> {
  return env.db.transaction(async (tx) => {
    await tx.delete(emailUids).where(eq(emailUids.folderId, folder.id));
    const [row] = await tx
      .update(emailFolders)
      .set({ uidValidity, lastUid: 0, highestModseq: '' })
      .where(eq(emailFolders.id, folder.id))
      .returning();
    return row!;
  });
}

async function reload(env: SyncEnv, id: number): Promise<FolderRow> {
  const [row] = await env.db.select().from(emailFolders).where(eq(emailFolders.id, id));
  return row!;
}

/** Brings one server folder up to date: new messages in batches, then changes to known ones. */
export async function syncFolder(
  env: SyncEnv,
  client: ImapFlow,
  account: AccountRow,
  role: FolderRole,
  path: string,
  blacklist: BlacklistMatcher,
  progress: SyncProgress,
): Promise<FolderResult> {
  let folder = await folderRow(env, account.id, path, role);
  // Read-only (EXAMINE): syncing never changes a flag on the server.
  const lock = await client.getMailboxLock(path, { readOnly: true });
  try {
    const mailbox = client.mailbox;
    if (!mailbox) throw new Error(`cannot open ${path}`);
    const uidValidity = mailbox.uidValidity.toString();
    if (folder.uidValidity && folder.uidValidity !== uidValidity) {
      folder = await resetFolder(env, folder, uidValidity);
    } else if (!folder.uidValidity) {
      await env.db.update(emailFolders).set({ uidValidity }).where(eq(emailFolders.id, folder.id));
    }

    const result: FolderResult = { inserted: 0, newInbox: [], changed: false };
    const mayHaveNew = mailbox.exists > 0 && (!mailbox.uidNext || mailbox.uidNext > folder.lastUid + 1);
    if (mayHaveNew) {
      const found = await client.search({ uid: `${folder.lastUid + 1}:*` }, { uid: true });
      // Sync rule 3: a failed search is an error, not an empty folder.
      if (!Array.isArray(found)) throw new Error(`UID SEARCH failed in ${path}`);
      // Sync rule 4: `n:*` answers the last message even when it is older than n.
      const fresh = found.filter((uid) => uid > folder.lastUid).sort((a, b) => a - b);
      progress.found(fresh.length);
      const ctx = { env, client, account, folder, role, blacklist };
      // A batch takes up to batchSize uids from `from` on, fewer when their bytes exceed the budget.
      const gatherFrom = (from: number) => gatherBatch(ctx, fresh.slice(from, from + env.options.batchSize));
      // While a batch is written, the next one downloads: batches still commit one after another,
      // in uid order, so the cursor only ever covers stored mail.
      let done = 0;
      let next = fresh.length > 0 ? gatherFrom(0) : null;
      while (next) {
        const gathered = await next;
        done += gathered.uids.length;
        next = done < fresh.length ? gatherFrom(done) : null;
        next?.catch(() => {}); // awaited in the next round, or dropped with a failed commit
        const batch = await commitBatch(ctx, gathered);
        progress.handled(gathered.uids.length);
        result.inserted += batch.inserted;
        // Only the last few are announced (publishNewMail): a big first sync keeps no list of all.
        result.newInbox = [...result.newInbox, ...batch.newInbox].slice(-NEW_MAIL_EVENTS);
      }
      folder = await reload(env, folder.id);
    }
    result.changed = await reconcileFolder(env, client, folder, mailbox);
    await env.db
      .update(emailFolders)
      .set({ highestModseq: mailbox.highestModseq?.toString() ?? '', lastSyncedAt: new Date() })
      .where(eq(emailFolders.id, folder.id));
    return result;
  } finally {
    lock.release();
  }
}
