import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailAccountUsers, tasks, users } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { isAdmin, isSalesOnly, missing, type Viewer } from '../../lib/scope';
import { mayUseAccounts } from '../email/accounts';

type TaskRow = typeof tasks.$inferSelect;

/**
 * The one rule for a task (a campaign): an admin any; a salesperson her own (`ownScope` in
 * lib/scope.ts; it sends only from an account of hers, checked at create and start); anyone else
 * (the editor) a task of an account she may send from.
 */
export async function mayWorkTask(
  db: Db,
  user: Viewer,
  row: Pick<TaskRow, 'accountId' | 'createdBy'>,
): Promise<boolean> {
  if (isAdmin(user)) return true;
  if (isSalesOnly(user)) return row.createdBy === user.id;
  return mayUseAccounts(db, user, [row.accountId]);
}

/** A live task the user may work; 404 to an admin when there is none, else 403 (lib/scope.ts `missing`). */
export async function loadTask(db: Db, user: Viewer, id: number): Promise<TaskRow> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), isNull(tasks.deletedAt)));
  if (!row) throw missing(user, 'thingTask');
  if (!(await mayWorkTask(db, user, row))) throw forbidden();
  return row;
}

/**
 * Who hears a task's live `task` event: the active users `mayWorkTask` admits (every admin; its
 * author if a salesperson; an editor on its account), never everyone signed in.
 */
export async function taskAudience(db: Db, taskId: number): Promise<number[]> {
  const [row] = await db
    .select({ accountId: tasks.accountId, createdBy: tasks.createdBy })
    .from(tasks)
    .where(eq(tasks.id, taskId));
  if (!row) return [];
  const [people, onAccount] = await Promise.all([
    db.select({ id: users.id, roles: users.roles }).from(users).where(eq(users.disabled, false)),
    db
      .select({ userId: emailAccountUsers.userId })
      .from(emailAccountUsers)
      .where(eq(emailAccountUsers.accountId, row.accountId)),
  ]);
  const assigned = new Set(onAccount.map((a) => a.userId));
  return people
    .filter((p) => {
      if (isAdmin(p)) return true;
      if (isSalesOnly(p)) return p.id === row.createdBy;
      return assigned.has(p.id);
    })
    .map((p) => p.id);
}
