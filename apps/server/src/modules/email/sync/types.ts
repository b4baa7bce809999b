import type { Database, Db } from '../../../db/client';
import type { emailAccounts, emailFolders } from '../../../db/schema';
import type { EventHub } from '../../../lib/events';
import type { FileStore } from '../../../lib/files';

export type AccountRow = typeof emailAccounts.$inferSelect;
export type FolderRow = typeof emailFolders.$inferSelect;
/** What a server folder is for, from its special-use flag (INBOX by name). */
export type FolderRole = 'inbox' | 'sent' | 'drafts' | 'trash' | 'junk';
export const FOLDER_ROLES: readonly FolderRole[] = ['inbox', 'sent', 'drafts', 'trash', 'junk'];

export type SyncOptions = {
  /** Messages fetched and stored per transaction; the cursor moves after each (sync rule 2). */
  batchSize: number;
  /** Bytes of message source per batch at most (a single bigger message makes a batch of its own). */
  batchBytes?: number;
  /** Larger messages are stored raw, not parsed (sync rule 9). */
  parseLimit: number;
  /** Live progress of a big sync: at most one event per this many ms (default 1000). */
  progressEveryMs?: number;
  /** Tests: called in the batch's transaction before it commits; throwing aborts the sync there. */
  beforeCommit?: (uids: number[], tx: DbOrTx) => void | Promise<void>;
};

export const DEFAULT_BATCH_BYTES = 8 * 1024 * 1024;

export const DEFAULT_SYNC_OPTIONS: SyncOptions = {
  batchSize: 100,
  batchBytes: DEFAULT_BATCH_BYTES,
  parseLimit: 25 * 1024 * 1024,
};

/** What the sync engine needs from the app. */
export type SyncEnv = {
  database: Database;
  db: Db;
  files: FileStore;
  events: EventHub;
  /** QUAYSIDE_SECRET, which the account passwords are encrypted with. */
  secret: string;
  options: SyncOptions;
  log: (message: string, err?: unknown) => void;
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or an open transaction: the query builder of both. */
export type DbOrTx = Db | Tx;
