import type { Role } from '@quayside/contract';
import { and, count, inArray, isNull, not } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emails } from '../../db/schema';
import { type Access, isAllowed } from '../../lib/access';
import { forbidden } from '../../lib/errors';
import { mailScope, mayReadMail, type Viewer } from '../../lib/scope';

/**
 * Who may read stored mail (the folder lists, its detail, its source and attachments, the live
 * `email` event): admins, and salespeople on the accounts assigned to them (`mailScope` in
 * lib/scope.ts; docs/decisions/who-sees-what.md).
 * An editor reads no mail (spec §6); drafts and mail sent from the app also follow the draft's
 * rule (`mayUseAccounts`).
 */
export const emailReaders = ['sales'] as const satisfies Access;

/** Role names are checked as strings: a role the contract no longer knows admits nothing. */
export const mayReadEmail = (user: { roles: readonly string[] } | null): boolean =>
  user !== null && isAllowed(emailReaders, user.roles as readonly Role[]);

/** A reader of mail (by role) who may read this account's mail (by assignment). */
export async function mayReadAccountMail(db: Db, user: Viewer | null, accountId: number): Promise<boolean> {
  if (!user || !mayReadEmail(user)) return false;
  return mayReadMail(db, user, accountId);
}

/**
 * 403 FORBIDDEN when one of these emails exists but lies outside the viewer's mail (an id that does
 * not exist is left to the action, which skips it as before). One query for all of them.
 */
export async function assertMailIds(db: Db, viewer: Viewer, ids: readonly number[]): Promise<void> {
  const scope = mailScope(viewer, emails.accountId);
  if (!scope || ids.length === 0) return;
  const [row] = await db
    .select({ n: count() })
    .from(emails)
    .where(and(inArray(emails.id, [...ids]), isNull(emails.deletedAt), not(scope)));
  if ((row?.n ?? 0) > 0) throw forbidden();
}
