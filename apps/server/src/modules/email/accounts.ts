import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { EmailAccount, EmailAccountBody } from '@quayside/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailAccounts, emailAccountUsers, users } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/errors';
import { cleanSignature } from './signature';

type AccountRow = typeof emailAccounts.$inferSelect;

function toAccount(row: AccountRow, userIds: number[]): EmailAccount {
  return {
    id: row.id,
    address: row.address,
    name: row.name,
    imap_host: row.imapHost,
    imap_port: row.imapPort,
    imap_secure: row.imapSecure,
    imap_user: row.imapUser,
    has_imap_password: row.imapPassword !== '',
    smtp_host: row.smtpHost,
    smtp_port: row.smtpPort,
    smtp_secure: row.smtpSecure,
    smtp_user: row.smtpUser,
    has_smtp_password: row.smtpPassword !== '',
    signature: cleanSignature(row.signature),
    user_ids: userIds,
    enabled: row.enabled,
    last_error: row.lastError,
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
  };
}

async function userIdsByAccount(db: Db, ids: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select()
    .from(emailAccountUsers)
    .where(inArray(emailAccountUsers.accountId, ids))
    .orderBy(asc(emailAccountUsers.userId));
  for (const r of rows) map.set(r.accountId, [...(map.get(r.accountId) ?? []), r.userId]);
  return map;
}

export async function findAccountRow(db: Db, id: number): Promise<AccountRow> {
  const [row] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, id));
  if (!row) throw notFound('thingEmailAccount');
  return row;
}

export async function getAccount(db: Db, id: number): Promise<EmailAccount> {
  const row = await findAccountRow(db, id);
  return toAccount(row, (await userIdsByAccount(db, [id])).get(id) ?? []);
}

export async function listAccounts(db: Db): Promise<EmailAccount[]> {
  const rows = await db.select().from(emailAccounts).orderBy(asc(emailAccounts.id));
  const userIds = await userIdsByAccount(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toAccount(r, userIds.get(r.id) ?? []));
}

async function assertUsable(db: Db, input: EmailAccountBody): Promise<void> {
  const [taken] = await db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(
      and(
        eq(sql`lower(${emailAccounts.address})`, input.address.toLowerCase()),
        input.id ? ne(emailAccounts.id, input.id) : undefined,
      ),
    );
  if (taken)
    throw conflict('emailAccountTaken', { address: input.address }, { field: 'address', id: taken.id });
  if (input.user_ids.length > 0) {
    const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, input.user_ids));
    if (found.length !== new Set(input.user_ids).size)
      throw invalid('user_ids', 'recordNotFound', { thing: 'thingUser' });
  }
}

/** Creates (no id) or updates an account; a password left out or empty keeps the stored one. */
export async function saveAccount(db: Db, secret: string, input: EmailAccountBody): Promise<EmailAccount> {
  const current = input.id ? await findAccountRow(db, input.id) : undefined;
  if (!current && !input.imap_password) throw invalid('imap_password', 'emailPasswordRequired');
  await assertUsable(db, input);
  const values = {
    address: input.address,
    name: input.name,
    imapHost: input.imap_host,
    imapPort: input.imap_port,
    imapSecure: input.imap_secure,
    imapUser: input.imap_user,
    imapPassword: input.imap_password
      ? encryptSecret(secret, input.imap_password)
      : (current?.imapPassword ?? ''),
    smtpHost: input.smtp_host,
    smtpPort: input.smtp_port,
    smtpSecure: input.smtp_secure,
    smtpUser: input.smtp_user,
    smtpPassword: input.smtp_password
      ? encryptSecret(secret, input.smtp_password)
      : (current?.smtpPassword ?? ''),
    signature: cleanSignature(input.signature),
    enabled: input.enabled,
    updatedAt: new Date(),
  };
  const id = await db.transaction(async (tx) => {
    const [row] = current
      ? await tx.update(emailAccounts).set(values).where(eq(emailAccounts.id, current.id)).returning()
      : await tx.insert(emailAccounts).values(values).returning();
    await tx.delete(emailAccountUsers).where(eq(emailAccountUsers.accountId, row!.id));
    const userIds = [...new Set(input.user_ids)];
    if (userIds.length > 0) {
      await tx.insert(emailAccountUsers).values(userIds.map((userId) => ({ accountId: row!.id, userId })));
    }
    return row!.id;
  });
  return getAccount(db, id);
}

/** The accounts a user may send from: all enabled ones for an admin, else those assigned to them. */
export async function sendAccounts(db: Db, user: { id: number; roles: readonly string[] }) {
  const rows = await db
    .select({
      id: emailAccounts.id,
      address: emailAccounts.address,
      name: emailAccounts.name,
      signature: emailAccounts.signature,
    })
    .from(emailAccounts)
    .where(
      and(
        eq(emailAccounts.enabled, true),
        user.roles.includes('admin')
          ? undefined
          : sql`${emailAccounts.id} IN (SELECT account_id FROM email_account_users WHERE user_id = ${user.id})`,
      ),
    )
    .orderBy(asc(emailAccounts.id));
  return rows.map((row) => ({ ...row, signature: cleanSignature(row.signature) }));
}

/** The draft's rule: may the user compose and send from every one of these accounts? One query for all. */
export async function mayUseAccounts(
  db: Db,
  user: { id: number; roles: readonly string[] },
  accountIds: readonly number[],
): Promise<boolean> {
  const usable = new Set((await sendAccounts(db, user)).map((a) => a.id));
  return accountIds.every((id) => usable.has(id));
}

/**
 * Mail account passwords at rest: AES-256-GCM with a key derived (HKDF-SHA256) from QUAYSIDE_SECRET.
 * Stored as `v1:<iv>:<tag>:<ciphertext>` in base64url; '' stays '' (no password set).
 */
const VERSION = 'v1';

function keyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'quayside', 'email-account-password', 32));
}

export function encryptSecret(secret: string, plain: string): string {
  if (!plain) return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
  return `${VERSION}:${parts.join(':')}`;
}

export class SecretError extends Error {}

/** The password; throws SecretError when the data was not made with this secret (changed QUAYSIDE_SECRET). */
export function decryptSecret(secret: string, stored: string): string {
  if (!stored) return '';
  const [version, iv, tag, data] = stored.split(':');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new SecretError('unknown format');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretError('the password cannot be decrypted: was QUAYSIDE_SECRET changed?');
  }
}
