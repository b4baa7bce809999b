import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { customers, settings, users } from '../src/db/schema';
import { call, createTestApp, type TestApp } from './helpers';

/**
 * What the customer-pool tests share (customer-pool*.test.ts): an app with two salespeople (lily,
 * tom) and an editor, and small helpers. The bindings are filled by `startPoolApp`'s beforeAll.
 */
export let t: TestApp;
export let lily: string;
export let tom: string;
export let editor: string;
export const id = { lily: 0, tom: 0, admin: 0 };

export function startPoolApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    lily = await t.userToken(['sales'], 'lily');
    tom = await t.userToken(['sales'], 'tom');
    editor = await t.userToken(['editor'], 'ed');
    const rows = await t.database.db.select({ id: users.id, username: users.username }).from(users);
    for (const r of rows) if (r.username in id) id[r.username as keyof typeof id] = r.id;
  });
}

export const post = (url: string, body: object, token?: string, lang = 'en') =>
  call(t.app, 'POST', url, { token, body, headers: { 'accept-language': lang } });
export const get = (url: string, query: Record<string, string | number>, token?: string) =>
  call(t.app, 'GET', url, { token, query });

let seq = 0;
/** A customer made by the admin with this owner (null: the pool). */
export async function customer(owner: number | null, fields: Record<string, string> = {}): Promise<number> {
  const res = await post(
    '/api/customer/create/',
    { company_name: `Buyer ${++seq} Ltd`, owner_id: owner, ...fields },
    t.adminToken,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}
export const ownerOf = async (customerId: number) =>
  (
    await t.database.db.select({ o: customers.ownerId }).from(customers).where(eq(customers.id, customerId))
  )[0]?.o;
export async function setPool(value: { customer_cap: number; auto_return_days: number | null }) {
  await t.database.db
    .insert(settings)
    .values({ key: 'pool', value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}
