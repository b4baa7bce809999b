import { randomBytes } from 'node:crypto';
import type { DemoSeeded } from '@quayside/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customers, emailAccounts, users } from '../db/schema';
import type { AppContext } from '../lib/context';
import { createUser } from '../modules/users/service';
import { seedDemoCustomers } from './customers';
import { seedDemoEmails } from './emails';

/** The staff's password when the demo is added from the command line (`npm run demo`). */
export const DEMO_PASSWORD = 'demo1234';

const people = [
  { username: 'lily', name: 'Lily Chen', roles: ['sales' as const], introduction: 'Sales, Europe' },
  {
    username: 'tom',
    name: 'Tom Wang',
    roles: ['sales' as const],
    introduction: 'Sales, Middle East and Africa',
  },
  { username: 'grace', name: 'Grace Liu', roles: ['admin' as const], introduction: 'Operations manager' },
];

/**
 * Sample data goes only into a new database (no user but the first admin, no customer, no mail
 * account), so it never mixes into a company's real data, even a one-person company's.
 */
export async function demoAvailable(db: Db): Promise<boolean> {
  const { rows } = await db.execute<{ fresh: boolean }>(sql`
    SELECT NOT (EXISTS (SELECT 1 FROM ${users} WHERE ${users.username} <> 'admin')
      OR EXISTS (SELECT 1 FROM ${customers}) OR EXISTS (SELECT 1 FROM ${emailAccounts})) AS fresh`);
  return rows[0]?.fresh === true;
}

/**
 * Sample data for every module that exists, so a newcomer sees a living app. The staff sign in with
 * `password` (`npm run demo`: demo1234); without one (added from the app) they get a random password
 * nobody knows, so no account with a published password appears on a real server. Answers null when
 * the database is not new.
 */
export async function seedDemo(
  ctx: AppContext,
  options: { password?: string } = {},
): Promise<DemoSeeded | null> {
  const { db } = ctx;
  if (!(await demoAvailable(db))) return null;
  const password = options.password ?? randomBytes(24).toString('base64url');
  const ids: number[] = [];
  for (const p of people) ids.push((await createUser(db, { ...p, password })).id);
  const staff = { lily: ids[0]!, tom: ids[1]! };
  const customers = await seedDemoCustomers(db, staff);
  const emails = await seedDemoEmails(ctx, staff);
  return { usernames: people.map((p) => p.username), customers, emails };
}
