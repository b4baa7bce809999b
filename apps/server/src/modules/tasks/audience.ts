import type { SkipReason, TaskAudience, TaskAudienceCount } from '@quayside/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, emailBlacklist, users } from '../../db/schema';
import { invalid } from '../../lib/errors';
import { customerScope, isSalesOnly, mayReadCustomer, type Viewer } from '../../lib/scope';
import { findCustomersByEmails } from '../customers/matching';
import { customerFilter } from '../customers/service';
import { blacklistMatcher } from '../email/blacklist';
import { type AudienceEntry, dedupeAudience } from './addresses';

/** The blacklist remark an unsubscribe leaves: such an entry skips with reason `unsubscribed`. */
export const UNSUBSCRIBED_REMARK = 'Unsubscribed';

export type Audience = {
  send: AudienceEntry[];
  /** Left out but kept on the list with their reason (duplicates are only reported). */
  skipped: (AudienceEntry & { reason: SkipReason })[];
  duplicates: string[];
};

/** How each address of a task is to be treated: the blacklist (addresses and domains) and unsubscribes. */
export async function exclusions(db: Db): Promise<(address: string) => SkipReason | null> {
  const rows = await db
    .select({ value: emailBlacklist.value, remark: emailBlacklist.remark })
    .from(emailBlacklist);
  const blocked = blacklistMatcher(rows.map((r) => r.value));
  const unsubscribed = new Set(
    rows.filter((r) => r.remark.startsWith(UNSUBSCRIBED_REMARK)).map((r) => r.value),
  );
  return (address) => (unsubscribed.has(address) ? 'unsubscribed' : blocked(address) ? 'blacklisted' : null);
}

/**
 * A salesperson's campaign goes to her customers, the pool and pasted addresses: a pasted address of
 * another salesperson's customer is refused (400 on `addresses`, naming the owner, not the customer).
 */
async function assertOwnRecipients(db: Db, viewer: Viewer, customerIds: number[]): Promise<void> {
  if (!isSalesOnly(viewer) || customerIds.length === 0) return;
  const rows = await db
    .select({ email: customers.email, ownerId: customers.ownerId, owner: users.name })
    .from(customers)
    .leftJoin(users, eq(users.id, customers.ownerId))
    .where(inArray(customers.id, customerIds));
  const foreign = rows.find((r) => !mayReadCustomer(viewer, r.ownerId));
  if (foreign)
    throw invalid('addresses', 'customerEmailOwned', { email: foreign.email, owner: foreign.owner ?? '' });
}

/**
 * Customers of the list's filter (those with an address, among those the viewer may read) and the
 * pasted addresses, sorted out.
 */
export async function resolveAudience(db: Db, viewer: Viewer, input: TaskAudience): Promise<Audience> {
  const fromCustomers: AudienceEntry[] = [];
  if (input.customer_filter) {
    const where = customerFilter({ page: 1, page_size: 1, ...input.customer_filter }, viewer);
    const rows = await db
      .select({ id: customers.id, email: customers.email, name: customers.name })
      .from(customers)
      .where(and(where, customerScope(viewer, customers.ownerId), ne(customers.email, '')))
      .orderBy(customers.id);
    for (const r of rows) fromCustomers.push({ address: r.email, name: r.name, customerId: r.id });
  }
  const { keep, skipped } = dedupeAudience(fromCustomers, input.addresses);
  // A pasted address of a customer is that customer's (merge fields, history).
  const pasted = keep.filter((e) => e.customerId === null).map((e) => e.address);
  const known = new Map((await findCustomersByEmails(db, pasted)).map((c) => [c.email, c.id]));
  await assertOwnRecipients(db, viewer, [...known.values()]);
  for (const e of keep) if (e.customerId === null) e.customerId = known.get(e.address) ?? null;
  const excluded = await exclusions(db);
  const audience: Audience = { send: [], skipped: [], duplicates: [] };
  for (const entry of keep) {
    const reason = excluded(entry.address);
    if (reason) audience.skipped.push({ ...entry, reason });
    else audience.send.push(entry);
  }
  for (const s of skipped) {
    if (s.reason === 'duplicate') audience.duplicates.push(s.address);
    else audience.skipped.push({ address: s.address, name: '', customerId: null, reason: s.reason });
  }
  return audience;
}

export function audienceCount(audience: Audience): TaskAudienceCount {
  return {
    total: audience.send.length + audience.skipped.length,
    sendable: audience.send.length,
    skipped: [
      ...audience.skipped.map((s) => ({ address: s.address, reason: s.reason })),
      ...audience.duplicates.map((address) => ({ address, reason: 'duplicate' as const })),
    ],
  };
}
