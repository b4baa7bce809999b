import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@quayside/contract';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';

export type SessionUser = {
  id: number;
  username: string;
  name: string;
  roles: Role[];
  sessionId: number;
  /** Until the password is changed, only a few routes answer (access.ts). */
  mustChangePassword: boolean;
};

/** Sliding expiry is written at most this often, so a busy user does not cost a write per request. */
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Db,
  userId: number,
  days: number,
  meta: { ip: string; userAgent: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 300),
    expiresAt: new Date(Date.now() + days * 86_400_000),
  });
  return token;
}

/** The user behind a token, or null when the token is unknown, expired or its user disabled. */
export async function findSession(db: Db, token: string, days: number): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      id: users.id,
      username: users.username,
      name: users.name,
      roles: users.roles,
      mustChangePassword: users.mustChangePassword,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.disabled, false),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (Date.now() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: new Date(), expiresAt: new Date(Date.now() + days * 86_400_000) })
      .where(eq(sessions.id, row.sessionId));
  }
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    roles: row.roles as Role[],
    sessionId: row.sessionId,
    mustChangePassword: row.mustChangePassword,
  };
}

export async function endSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function endUserSessions(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  const mine = eq(sessions.userId, userId);
  await db
    .delete(sessions)
    .where(exceptSessionId ? and(mine, sql`${sessions.id} <> ${exceptSessionId}`) : mine);
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}
