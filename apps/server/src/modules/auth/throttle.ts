import { isIPv6 } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * Failed logins, counted in the database so that every instance sees the same numbers
 * (docs/decisions/security-and-access.md). Only refusals that target the caller's own address:
 * a stranger cannot lock a user out, only slow their sign-in a little.
 */
export const LOGIN_LIMITS = {
  windowMinutes: 15,
  /** Failures of one username from one address before that pair gets 429. */
  perUsernameAndAddress: 5,
  /** Distinct usernames failed from one address before the address gets 429. */
  usernamesPerAddress: 10,
  /** Failures of a username from anywhere before its logins start to wait. */
  delayAfter: 5,
  delayBaseMs: 250,
  delayMaxMs: 4000,
};

export class LoginThrottled extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 'rateLimited', { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) });
  }
}

/**
 * The address failures are counted under: IPv4 as is, IPv6 by its /64 (one subscriber usually holds
 * a whole /64, so counting single IPv6 addresses would give an attacker endless fresh budgets).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** How long a login for a username waits after `failures` failures of it from anywhere. */
export function usernameDelayMs(failures: number): number {
  const { delayAfter, delayBaseMs, delayMaxMs } = LOGIN_LIMITS;
  if (failures < delayAfter) return 0;
  return Math.min(delayBaseMs * 2 ** (failures - delayAfter), delayMaxMs);
}

type Counts = {
  byName: number;
  byPair: number;
  namesFromAddress: number;
  pairRetry: number | null;
  addressRetry: number | null;
};

/**
 * Before a password is checked: refuses (429) the pair or the address over its limit, else waits the
 * username's delay. Both happen whatever the password, so timing tells nothing about it.
 */
export async function throttleLogin(db: Db, username: string, address: string): Promise<void> {
  const { windowMinutes, perUsernameAndAddress, usernamesPerAddress } = LOGIN_LIMITS;
  const f = loginFailures;
  const expiresIn = (where: ReturnType<typeof sql>) =>
    sql<
      number | null
    >`ceil(extract(epoch from min(${f.createdAt}) filter (where ${where}) + make_interval(mins => ${windowMinutes}) - now()))::int`;
  const pair = and(eq(f.username, username), eq(f.ip, address));
  const [counts] = await db
    .select({
      byName: sql<number>`count(*) filter (where ${f.username} = ${username})::int`,
      byPair: sql<number>`count(*) filter (where ${pair})::int`,
      namesFromAddress: sql<number>`count(distinct ${f.username}) filter (where ${f.ip} = ${address})::int`,
      pairRetry: expiresIn(sql`${pair}`),
      addressRetry: expiresIn(sql`${f.ip} = ${address}`),
    })
    .from(f)
    .where(
      sql`${f.createdAt} > now() - make_interval(mins => ${windowMinutes}) and (${f.username} = ${username} or ${f.ip} = ${address})`,
    );
  const c: Counts = counts ?? {
    byName: 0,
    byPair: 0,
    namesFromAddress: 0,
    pairRetry: null,
    addressRetry: null,
  };
  if (c.byPair >= perUsernameAndAddress) throw new LoginThrottled(Math.max(1, c.pairRetry ?? 1));
  if (c.namesFromAddress >= usernamesPerAddress) throw new LoginThrottled(Math.max(1, c.addressRetry ?? 1));
  const delay = usernameDelayMs(c.byName);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
}

export async function recordLoginFailure(db: Db, username: string, address: string): Promise<void> {
  await db.insert(loginFailures).values({ username, ip: address });
}

/** A right password from an address clears that pair only: a stranger's failures elsewhere still count. */
export async function clearLoginFailures(db: Db, username: string, address: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.username, username), eq(loginFailures.ip, address)));
}

export async function purgeOldLoginFailures(db: Db): Promise<void> {
  await db.delete(loginFailures).where(sql`${loginFailures.createdAt} < now() - interval '1 day'`);
}
