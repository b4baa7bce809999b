import { count, eq, ne } from 'drizzle-orm';
import { users } from '../db/schema';
import type { AppContext } from '../lib/context';
import { createUser } from '../modules/users/service';
import { seedDemoCustomers } from './customers';
import { seedDemoEmails } from './emails';

const people = [
  { username: 'lily', name: 'Lily Chen', roles: ['editor' as const], introduction: 'Sales, Europe' },
  {
    username: 'tom',
    name: 'Tom Wang',
    roles: ['editor' as const],
    introduction: 'Sales, Middle East and Africa',
  },
  { username: 'grace', name: 'Grace Liu', roles: ['admin' as const], introduction: 'Operations manager' },
];

/**
 * Sample data for every module that exists, so a newcomer sees a living app. Runs only on a database
 * without other users than the first admin, so it never mixes into real data.
 */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  const { db } = ctx;
  const [others] = await db.select({ n: count() }).from(users).where(ne(users.username, 'admin'));
  if ((others?.n ?? 0) > 0) return false;
  const ids: number[] = [];
  for (const p of people) ids.push((await createUser(db, { ...p, password: 'demo1234' })).id);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  await seedDemoCustomers(db, [...ids.slice(0, 2), ...(admin ? [admin.id] : [])]);
  await seedDemoEmails(ctx, { lily: ids[0]!, tom: ids[1]! });
  return true;
}
