import type { UserInfo } from '@quayside/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { decoyPasswordHash, verifyPassword } from '../../lib/passwords';
import { createSession } from '../../lib/sessions';
import { avatarUrl, findUserById } from '../users/service';
import { addressKey, clearLoginFailures, recordLoginFailure, throttleLogin } from './throttle';

type LoginInput = { username: string; password: string; ip: string; userAgent: string; sessionDays: number };

export async function login(db: Db, input: LoginInput): Promise<{ token: string }> {
  const username = input.username.trim().toLowerCase();
  const address = addressKey(input.ip);
  await throttleLogin(db, username, address);
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username))
    .limit(1);
  // Unknown user and wrong password take the same time and give the same answer.
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!user || !valid) {
    await recordLoginFailure(db, username, address);
    throw new AppError('VALIDATION_FAILED', 'badCredentials');
  }
  if (user.disabled) throw new AppError('FORBIDDEN', 'userDisabled');
  await clearLoginFailures(db, username, address);
  const token = await createSession(db, user.id, input.sessionDays, {
    ip: input.ip,
    userAgent: input.userAgent,
  });
  return { token };
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
