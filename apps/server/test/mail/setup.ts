import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { emailFolders, emails, emailUids } from '../../src/db/schema';
import { syncEnv } from '../../src/modules/email/jobs';
import { syncAccount } from '../../src/modules/email/sync/account';
import type { SyncEnv, SyncOptions } from '../../src/modules/email/sync/types';
import { call, createTestApp, type TestApp } from '../helpers';
import { type Dovecot, startDovecot } from './dovecot';

export type MailTestbed = {
  t: TestApp;
  dovecot: Dovecot;
  env: SyncEnv;
  /** A Dovecot user and its mail account in the app (created through the API). */
  account(local: string, fields?: Record<string, unknown>): Promise<{ id: number; address: string }>;
  sync(accountId: number): ReturnType<typeof syncAccount>;
  /** Admin GET of an email API path, answering `data`. */
  get<T = unknown>(url: string, query?: Record<string, string | number | boolean>): Promise<T>;
  post(url: string, body: unknown): Promise<void>;
};

/**
 * The app (with or without jobs) and a Dovecot. Call it in `beforeAll`, and stop Dovecot with a
 * top-level `afterAll(() => bed?.dovecot.stop())`: vitest ignores hooks registered inside hooks.
 */
export async function mailTestbed(
  options: { withJobs?: boolean; postgres?: boolean; sync?: Partial<SyncOptions>; sentFolder?: boolean } = {},
): Promise<MailTestbed> {
  const [t, dovecot] = await Promise.all([
    createTestApp({ withJobs: options.withJobs, postgres: options.postgres }),
    startDovecot({ sentFolder: options.sentFolder }),
  ]);
  const env = syncEnv(t.app.ctx, { batchSize: 10, ...options.sync });
  env.log = () => {};
  const bed: MailTestbed = {
    t,
    dovecot,
    env,
    async account(local, fields = {}) {
      const address = dovecot.addUser(local);
      const res = await call(t.app, 'POST', '/api/email/update_email_account/', {
        token: t.adminToken,
        body: {
          address,
          name: local,
          imap_host: dovecot.host,
          imap_port: dovecot.port,
          imap_secure: false,
          imap_user: address,
          imap_password: 'secret',
          ...fields,
        },
      });
      if (res.status !== 200) throw new Error(`account: ${JSON.stringify(res.body)}`);
      return { id: res.body.data.id as number, address };
    },
    sync: (accountId) => syncAccount(env, accountId),
    async get(url, query) {
      const res = await call(t.app, 'GET', url, { token: t.adminToken, query });
      if (res.status !== 200) throw new Error(`${url}: ${JSON.stringify(res.body)}`);
      return res.body.data;
    },
    async post(url, body) {
      const res = await call(t.app, 'POST', url, { token: t.adminToken, body });
      if (res.status !== 200) throw new Error(`${url}: ${JSON.stringify(res.body)}`);
    },
  };
  return bed;
}

/** Direct looks at the sync state, for assertions the API does not show. */
export async function folderState(db: Db, accountId: number, role: string) {
  const [row] = await db
    .select()
    .from(emailFolders)
    .where(and(eq(emailFolders.accountId, accountId), eq(emailFolders.role, role)));
  return row;
}

export async function emailCount(db: Db, accountId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emails).where(eq(emails.accountId, accountId));
  return row?.n ?? 0;
}

export async function linkCount(db: Db, folderId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emailUids).where(eq(emailUids.folderId, folderId));
  return row?.n ?? 0;
}

/** The number of distinct dedupe keys equals the number of emails: nothing stored twice. */
export async function duplicates(db: Db, accountId: number): Promise<number> {
  const rows = await db.select({ key: emails.dedupeKey }).from(emails).where(eq(emails.accountId, accountId));
  return rows.length - new Set(rows.map((r) => r.key)).size;
}
