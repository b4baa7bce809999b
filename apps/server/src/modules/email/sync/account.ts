import { eq } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import { emailAccounts } from '../../../db/schema';
import { loadBlacklist } from '../blacklist';
import { publishNewMail, publishUnread } from '../unread';
import { syncFolder } from './folder';
import { createImapClient, imapErrorMessage, imapSettings, mapFolders } from './imap';
import { createSyncProgress } from './progress';
import { FOLDER_ROLES, type SyncEnv } from './types';

export type AccountSyncResult = { inserted: number; folders: number };

export async function loadAccount(env: SyncEnv, accountId: number) {
  const [account] = await env.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId));
  return account;
}

/**
 * One full pass over an account: INBOX, Sent, Drafts, Trash and Junk. The outcome is written on the
 * account (last_error with the server's message, or last_synced_at), then thrown on for the caller's
 * backoff. Publishes the unread count and new-mail events when something changed.
 */
export async function syncAccount(env: SyncEnv, accountId: number): Promise<AccountSyncResult> {
  const account = await loadAccount(env, accountId);
  if (!account?.enabled) return { inserted: 0, folders: 0 };
  const result: AccountSyncResult = { inserted: 0, folders: 0 };
  let changed = false;
  let client: ImapFlow | undefined;
  const progress = createSyncProgress(env, account.id);
  try {
    client = createImapClient(imapSettings(account, env.secret));
    await client.connect();
    const folders = mapFolders(await client.list());
    const blacklist = await loadBlacklist(env.db);
    for (const role of FOLDER_ROLES) {
      const path = folders.get(role);
      if (!path) continue;
      const r = await syncFolder(env, client, account, role, path, blacklist, progress);
      result.inserted += r.inserted;
      result.folders += 1;
      if (r.inserted > 0 || r.changed) changed = true;
      if (r.newInbox.length > 0) await publishNewMail(env.db, env.events, account.id, r.newInbox);
    }
    await env.db
      .update(emailAccounts)
      .set({ lastError: '', lastSyncedAt: new Date() })
      .where(eq(emailAccounts.id, account.id));
    return result;
  } catch (err) {
    await env.db
      .update(emailAccounts)
      .set({ lastError: imapErrorMessage(err) })
      .where(eq(emailAccounts.id, account.id));
    throw err;
  } finally {
    await progress.finish();
    if (changed || result.inserted > 0)
      await publishUnread(env.db, env.events).catch((e) => env.log('unread', e));
    await client?.logout().catch(() => client?.close());
  }
}
