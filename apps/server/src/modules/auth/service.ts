import type { UserInfo } from '@quayside/contract';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { decoyPasswordHash, verifyPassword } from '../../lib/passwords';
import { createSession } from '../../lib/sessions';
import { avatarUrl, findUserById } from '../users/service';

/** Failed logins allowed in the window, per username and per IP, before 429. */
export const LOGIN_LIMITS = { windowMinutes: 15, perUsername: 5, perIp: 30 };

type LoginInput = { username: string; password: string; ip: string; userAgent: string; sessionDays: number };

export async function login(db: Db, input: LoginInput): Promise<{ token: string }> {
  const username = input.username.trim().toLowerCase();
  await checkLoginRate(db, username, input.ip);
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username))
    .limit(1);
  // Unknown user and wrong password take the same time and give the same answer.
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!user || !valid) {
    await db.insert(loginFailures).values({ username, ip: input.ip });
    throw new AppError('VALIDATION_FAILED', 'badCredentials');
  }
  if (user.disabled) throw new AppError('FORBIDDEN', 'userDisabled');
  await db.delete(loginFailures).where(eq(loginFailures.username, username));
  const token = await createSession(db, user.id, input.sessionDays, {
    ip: input.ip,
    userAgent: input.userAgent,
  });
  return { token };
}

async function checkLoginRate(db: Db, username: string, ip: string): Promise<void> {
  const since = sql`now() - make_interval(mins => ${LOGIN_LIMITS.windowMinutes})`;
  const [byName] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, username), gt(loginFailures.createdAt, since)));
  const [byIp] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)));
  if ((byName?.n ?? 0) >= LOGIN_LIMITS.perUsername || (byIp?.n ?? 0) >= LOGIN_LIMITS.perIp) {
    throw new AppError('RATE_LIMITED', 'rateLimited', { minutes: LOGIN_LIMITS.windowMinutes });
  }
}

export async function userInfo(db: Db, userId: number): Promise<UserInfo> {
  const user = await findUserById(db, userId);
  return {
    id: user.id,
    username: user.username,
    roles: user.roles,
    name: user.name,
    avatar: avatarUrl(user.avatarFileId),
    introduction: user.introduction,
    must_change_password: user.mustChangePassword,
    setting: { articlePlatform: [] },
  };
}

export async function purgeOldLoginFailures(db: Db): Promise<void> {
  await db.delete(loginFailures).where(sql`${loginFailures.createdAt} < now() - interval '1 day'`);
}
