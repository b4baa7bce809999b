import type { Role } from '@quayside/contract';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailAccountUsers, emails, users } from '../../db/schema';
import type { EventHub } from '../../lib/events';
import { mailScope } from '../../lib/scope';
import { mayReadEmail } from './access';

/**
 * The unread count of the top bar: unread mail in the inbox of the accounts a user may use (an admin:
 * every account). It is sent again over SSE whenever it may have changed: new mail, read, trash.
 */
const unreadInbox = and(eq(emails.folder, 'inbox'), eq(emails.isRead, false), isNull(emails.deletedAt));

export async function unreadCount(db: Db, user: { id: number; roles: readonly string[] }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emails)
    .where(and(unreadInbox, mailScope(user, emails.accountId)));
  return row?.n ?? 0;
}

/** Who sees an account's mail: every active admin, and the users it is assigned to. */
async function mailAudience(
  db: Db,
): Promise<{ id: number; roles: Role[]; admin: boolean; accounts: Set<number> }[]> {
  const [people, links] = await Promise.all([
    db.select({ id: users.id, roles: users.roles }).from(users).where(eq(users.disabled, false)),
    db.select().from(emailAccountUsers),
  ]);
  return people.map((p) => ({
    id: p.id,
    roles: p.roles as Role[],
    admin: p.roles.includes('admin'),
    accounts: new Set(links.filter((l) => l.userId === p.id).map((l) => l.accountId)),
  }));
}

/** Sends each signed-in user their unread count (two small queries, whatever the number of users). */
export async function publishUnread(db: Db, events: EventHub): Promise<void> {
  const [perAccount, people] = await Promise.all([
    db
      .select({ accountId: emails.accountId, n: count() })
      .from(emails)
      .where(unreadInbox)
      .groupBy(emails.accountId),
    mailAudience(db),
  ]);
  const total = perAccount.reduce((sum, r) => sum + r.n, 0);
  for (const person of people) {
    const n = person.admin
      ? total
      : perAccount.filter((r) => person.accounts.has(r.accountId)).reduce((sum, r) => sum + r.n, 0);
    events.publish({ userId: person.id }, { type: 'unread', data: { count: n } });
  }
}

/** Ids of the users who see one account's mail (every active admin and its own users). */
export async function accountAudience(db: Db, accountId: number): Promise<number[]> {
  return (await mailAudience(db)).filter((p) => p.admin || p.accounts.has(accountId)).map((p) => p.id);
}

/** Tells the users who may read the new mail (an admin; a salesperson on the account) that it arrived (the web refreshes its open list); a
 * big first sync sends only its last few. The others learn of it from their unread count. */
export async function publishNewMail(
  db: Db,
  events: EventHub,
  accountId: number,
  items: { id: number; folder: string }[],
): Promise<void> {
  if (items.length === 0) return;
  const readers = (await mailAudience(db)).filter(
    (p) => (p.admin || p.accounts.has(accountId)) && mayReadEmail(p),
  );
  for (const { id: userId } of readers)
    for (const item of items.slice(-5)) events.publish({ userId }, { type: 'email', data: item });
}
