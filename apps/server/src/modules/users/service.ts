import type { ListAnswer, Role, User, UserListQuery } from '@quayside/contract';
import { and, arrayContains, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/errors';
import { sortColumn } from '../../lib/list';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { endUserSessions } from '../../lib/sessions';

type UserRow = typeof users.$inferSelect;
type UserRecord = Omit<UserRow, 'roles'> & { roles: Role[] };

export const avatarUrl = (fileId: number | null) =>
  fileId ? `/api/file/download/?id=${fileId}&inline=1` : '';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    avatar: avatarUrl(row.avatarFileId),
    introduction: row.introduction,
    roles: row.roles as Role[],
    disabled: row.disabled,
    created_at: row.createdAt.toISOString(),
  };
}

export async function findUserById(db: Db | Tx, id: number): Promise<UserRecord> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('thingUser');
  return { ...row, roles: row.roles as Role[] };
}

const sortable = {
  created_at: users.createdAt,
  username: sql`lower(${users.username})`,
  name: sql`lower(${users.name})`,
} as const;

export async function listUsers(db: Db, query: UserListQuery): Promise<ListAnswer<User>> {
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, '\\$&')}%`;
    const match = or(ilike(users.username, pattern), ilike(users.name, pattern));
    if (match) filters.push(match);
  }
  if (query.role) filters.push(arrayContains(users.roles, [query.role]));
  if (query.disabled !== undefined) filters.push(eq(users.disabled, query.disabled));
  const where = filters.length ? and(...filters) : undefined;

  const column = sortColumn(sortable, query.sort ?? '-created_at') ?? users.createdAt;
  const order = query.sort?.startsWith('-') === false && query.sort ? asc(column) : desc(column);

  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(order, desc(users.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toUser), total: total?.n ?? 0, page: query.page, page_size: query.page_size };
}

async function assertUsernameFree(db: Db, username: string): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  if (taken) throw conflict('usernameTaken', { username }, { field: 'username', id: taken.id });
}

export async function createUser(
  db: Db,
  input: { username: string; password: string; name: string; roles: Role[]; introduction?: string },
  options: { mustChangePassword?: boolean } = {},
): Promise<User> {
  await assertUsernameFree(db, input.username);
  const [row] = await db
    .insert(users)
    .values({
      username: input.username,
      passwordHash: await hashPassword(input.password),
      name: input.name,
      roles: [...new Set(input.roles)],
      introduction: input.introduction ?? '',
      mustChangePassword: options.mustChangePassword ?? false,
    })
    .returning();
  return toUser(row!);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const activeAdmin = and(eq(users.disabled, false), arrayContains(users.roles, ['admin']));

/**
 * Refuses a change that would leave no active admin. Runs inside the change's transaction after
 * `lockActiveAdmins`, so two admins demoting each other at once are decided one after the other.
 */
async function assertAdminRemains(tx: Tx, target: UserRecord, next: { roles: Role[]; disabled: boolean }) {
  const wasActiveAdmin = target.roles.includes('admin') && !target.disabled;
  const staysActiveAdmin = next.roles.includes('admin') && !next.disabled;
  if (!wasActiveAdmin || staysActiveAdmin) return;
  const [others] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(ne(users.id, target.id), activeAdmin));
  if ((others?.n ?? 0) === 0) throw conflict('lastAdmin');
}

/** Row locks on the active admins, in id order (two changes never deadlock), until the transaction ends. */
async function lockActiveAdmins(tx: Tx): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(activeAdmin).orderBy(asc(users.id)).for('update');
}

export async function updateUser(
  db: Db,
  input: { id: number; name?: string; roles?: Role[]; disabled?: boolean; introduction?: string },
): Promise<User> {
  const { row, endSessions } = await db.transaction(async (tx) => {
    await lockActiveAdmins(tx);
    const target = await findUserById(tx, input.id);
    const roles = input.roles ? [...new Set(input.roles)] : target.roles;
    const disabled = input.disabled ?? target.disabled;
    await assertAdminRemains(tx, target, { roles, disabled });
    const [updated] = await tx
      .update(users)
      .set({
        name: input.name ?? target.name,
        introduction: input.introduction ?? target.introduction,
        roles,
        disabled,
        updatedAt: new Date(),
      })
      .where(eq(users.id, input.id))
      .returning();
    return { row: updated!, endSessions: disabled && !target.disabled };
  });
  if (endSessions) await endUserSessions(db, input.id);
  return toUser(row);
}

/** An admin sets a new password; the user's sessions end and they are asked to choose their own. */
export async function resetPassword(db: Db, id: number, password: string): Promise<void> {
  await findUserById(db, id);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), mustChangePassword: true, updatedAt: new Date() })
    .where(eq(users.id, id));
  await endUserSessions(db, id);
}

export async function updateProfile(
  db: Db,
  userId: number,
  input: { name?: string; avatarFileId?: number | null; introduction?: string },
): Promise<User> {
  const current = await findUserById(db, userId);
  const [row] = await db
    .update(users)
    .set({
      name: input.name ?? current.name,
      avatarFileId: input.avatarFileId === undefined ? current.avatarFileId : input.avatarFileId,
      introduction: input.introduction ?? current.introduction,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return toUser(row!);
}

/** Own password change: the other sessions of the user end, the current one stays. */
export async function changePassword(
  db: Db,
  userId: number,
  sessionId: number,
  input: { oldPassword: string; newPassword: string },
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    throw invalid('old_password', 'wrongOldPassword');
  }
  if (input.oldPassword === input.newPassword) throw invalid('new_password', 'samePassword');
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.newPassword),
      mustChangePassword: false,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  await endUserSessions(db, userId, sessionId);
}

/** At first start: the admin account, flagged while it keeps the default password. */
export async function ensureFirstAdmin(db: Db, password: string, defaultPassword: string): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  await createUser(
    db,
    { username: 'admin', password, name: 'Administrator', roles: ['admin'] },
    { mustChangePassword: password === defaultPassword },
  );
  return true;
}

export async function userOptions(db: Db): Promise<{ id: number; name: string; username: string }[]> {
  return db
    .select({ id: users.id, name: users.name, username: users.username })
    .from(users)
    .where(eq(users.disabled, false))
    .orderBy(sql`lower(${users.name})`);
}
