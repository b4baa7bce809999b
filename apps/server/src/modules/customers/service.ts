import type { Customer, CustomerFields, CustomerListQuery, ListAnswer } from '@quayside/contract';
import { and, count, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, users } from '../../db/schema';
import { countCacheFor } from '../../lib/count-cache';
import { AppError, conflict, forbidden, invalid, notFound } from '../../lib/errors';
import { containsPattern, offsetOf, orderBy } from '../../lib/list';
import {
  assertVisible,
  customerScope,
  isSalesOnly,
  mayReadCustomer,
  mayWorkCustomer,
  missing,
  type Viewer,
} from '../../lib/scope';
import { assertNoDuplicate } from './duplicates';
import { assertMayWork, liveRows, ownerFromEdit } from './owners';
import { moveCustomerReferences } from './references';

export const RESTORE_DAYS = 30;
type Row = typeof customers.$inferSelect;
/**
 * Who asks. A signed-in user carries her roles, which narrow what she sees (lib/scope.ts
 * `customerScope`); a caller without roles is the server itself (a website form, a job).
 */
export type Asker = { id: number; roles?: Viewer['roles'] };
const isPerson = (asker: Asker): asker is Viewer => asker.roles !== undefined;
const scopeOf = (asker: Asker) => (isPerson(asker) ? customerScope(asker, customers.ownerId) : undefined);

const selection = { customer: customers, ownerName: users.name };

/** Cached list totals; every write below calls `changed(db)`. */
const totals = (db: Db) => countCacheFor(db, 'customers');
export const changed = (db: Db) => totals(db).invalidate();

export function toCustomer(row: Row, ownerName: string | null): Customer {
  return {
    id: row.id,
    company_name: row.companyName,
    name: row.name,
    email: row.email,
    grade: row.grade,
    source: row.source,
    nation: row.nation,
    religion: row.religion,
    situation: row.situation,
    website: row.website,
    job_title: row.jobTitle,
    address: row.address,
    phone: row.phone,
    remark: row.remark,
    skype: row.skype,
    qq: row.qq,
    owner_id: row.ownerId,
    owner_name: ownerName ?? '',
    last_received_at: row.lastReceivedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
  };
}

/** API field names → columns, for inserts and updates. */
export function toColumns(input: Partial<CustomerFields>): Partial<typeof customers.$inferInsert> {
  const map: Partial<typeof customers.$inferInsert> = {
    companyName: input.company_name,
    name: input.name,
    email: input.email,
    grade: input.grade,
    source: input.source,
    nation: input.nation,
    religion: input.religion,
    situation: input.situation,
    website: input.website,
    jobTitle: input.job_title,
    address: input.address,
    phone: input.phone,
    remark: input.remark,
    skype: input.skype,
    qq: input.qq,
    ownerId: input.owner_id,
  };
  return Object.fromEntries(Object.entries(map).filter(([, v]) => v !== undefined));
}

const sortColumns = {
  last_received_at: customers.lastReceivedAt,
  created_at: customers.createdAt,
  company_name: sql`lower(${customers.companyName})`,
  name: sql`lower(${customers.name})`,
};

/** The WHERE of a list or an export: the same filters for both. */
export function customerFilter(query: CustomerListQuery, viewer: Asker, deleted = false): SQL | undefined {
  const where: (SQL | undefined)[] = [
    deleted ? isNotNull(customers.deletedAt) : isNull(customers.deletedAt),
    scopeOf(viewer),
  ];
  if (query.q) where.push(sql`${customers.searchText} LIKE ${containsPattern(query.q)}`);
  if (query.grade) where.push(inArray(customers.grade, query.grade));
  if (query.source) where.push(inArray(customers.source, query.source));
  if (query.nation) where.push(inArray(customers.nation, query.nation));
  if (query.religion) where.push(inArray(customers.religion, query.religion));
  if (query.situation) where.push(inArray(customers.situation, query.situation));
  if (query.owner === 'pool') where.push(isNull(customers.ownerId));
  else if (query.owner) where.push(eq(customers.ownerId, query.owner === 'me' ? viewer.id : query.owner));
  return and(...where);
}

/** The list, or with `deleted` the recycle bin of customers an admin can still restore. */
export async function listCustomers(
  db: Db,
  query: CustomerListQuery,
  viewer: Asker,
  deleted = false,
): Promise<ListAnswer<Customer>> {
  const where = customerFilter(query, viewer, deleted);
  const { page: _p, page_size: _s, sort: _o, ...filters } = query;
  const narrowed = isPerson(viewer) && isSalesOnly(viewer);
  const totalKey = JSON.stringify({
    filters,
    deleted,
    me: query.owner === 'me' || narrowed ? viewer.id : undefined,
  });
  const [rows, total] = await Promise.all([
    db
      .select(selection)
      .from(customers)
      .leftJoin(users, eq(users.id, customers.ownerId))
      .where(where)
      .orderBy(...orderBy(query.sort, sortColumns, '-created_at', customers.id))
      .limit(query.page_size)
      .offset(offsetOf(query)),
    totals(db).get(totalKey, async () => {
      const [row] = await db.select({ n: count() }).from(customers).where(where);
      return row?.n ?? 0;
    }),
  ]);
  return {
    items: rows.map((r) => toCustomer(r.customer, r.ownerName)),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

export async function getCustomer(
  db: Db,
  id: number,
  options: { withDeleted?: boolean } = {},
): Promise<Customer> {
  const [row] = await db
    .select(selection)
    .from(customers)
    .leftJoin(users, eq(users.id, customers.ownerId))
    .where(
      options.withDeleted ? eq(customers.id, id) : and(eq(customers.id, id), isNull(customers.deletedAt)),
    )
    .limit(1);
  if (!row) throw notFound('thingCustomer');
  return toCustomer(row.customer, row.ownerName);
}

/**
 * One customer as `viewer` may see it: outside her scope (another salesperson's) it answers 403
 * FORBIDDEN, and a missing one answers the same to anyone but an admin (lib/scope.ts `missing`), so
 * ids cannot be probed.
 */
export async function readCustomer(db: Db, id: number, viewer: Viewer): Promise<Customer> {
  let found: Customer;
  try {
    found = await getCustomer(db, id);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') throw missing(viewer, 'thingCustomer');
    throw err;
  }
  assertVisible(mayReadCustomer(viewer, found.owner_id));
  return found;
}

/** 409 naming the live customer that already has this email (other than `exceptId`). */
export async function assertEmailFree(db: Db, email: string, exceptId?: number): Promise<void> {
  if (!email) return;
  const [other] = await db
    .select({ id: customers.id, companyName: customers.companyName, name: customers.name })
    .from(customers)
    .where(and(eq(customers.email, email), isNull(customers.deletedAt)))
    .limit(1);
  if (other && other.id !== exceptId) {
    const label = other.companyName || other.name;
    throw conflict(
      'customerEmailTaken',
      { email, customer: label, id: other.id },
      { field: 'email', customer: { id: other.id, company_name: other.companyName, name: other.name } },
    );
  }
}

async function assertOwnerExists(db: Db, ownerId: number | null | undefined): Promise<void> {
  if (!ownerId) return;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).limit(1);
  if (!owner) throw invalid('owner_id', 'unknownOwner');
}

/**
 * A new customer, owned by its creator unless the input names an owner (a salesperson may name only
 * herself or the pool). A person's new customer passes the duplicate rules of duplicates.ts; the
 * server's own (website form) only the one-email rule.
 */
export async function createCustomer(db: Db, input: CustomerFields, creator: Asker): Promise<Customer> {
  const ownerId = input.owner_id === undefined ? creator.id : input.owner_id;
  if (isPerson(creator)) {
    if (isSalesOnly(creator) && ownerId !== null && ownerId !== creator.id) {
      throw new AppError('FORBIDDEN', 'customerOwnerNotYou');
    }
    await assertNoDuplicate(db, { email: input.email, ownerId }, creator);
  } else {
    await assertEmailFree(db, input.email);
  }
  await assertOwnerExists(db, ownerId);
  const [row] = await db
    .insert(customers)
    .values({ ...toColumns(input), ownerId })
    .returning({ id: customers.id });
  changed(db);
  return getCustomer(db, row!.id);
}

/**
 * An edit: a salesperson edits her own customers only (a pool customer is claimed first: 403); an
 * owner set here goes through the pool's rules (owners.ts `ownerFromEdit`).
 */
export async function updateCustomer(
  db: Db,
  id: number,
  input: Partial<CustomerFields>,
  viewer: Viewer,
): Promise<Customer> {
  const current = await readCustomer(db, id, viewer);
  if (!mayWorkCustomer(viewer, current.owner_id)) throw forbidden();
  const { owner_id: ownerId, ...fields } = input;
  if (isSalesOnly(viewer) && ownerId !== undefined && ownerId !== null && ownerId !== viewer.id) {
    throw new AppError('FORBIDDEN', 'customerOwnerNotYou');
  }
  if (fields.email !== undefined && fields.email !== current.email) {
    const owner = ownerId === undefined ? current.owner_id : ownerId;
    await assertNoDuplicate(db, { email: fields.email, ownerId: owner }, viewer, id);
  }
  await assertOwnerExists(db, ownerId);
  const next = { ...current, ...fields };
  if (!next.company_name && !next.name) throw invalid('company_name', 'customerNeedsName');
  await db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({ ...toColumns(fields), updatedAt: new Date() })
      .where(eq(customers.id, id));
    if (ownerId !== undefined) await ownerFromEdit(tx, [id], ownerId, viewer);
  });
  changed(db);
  return getCustomer(db, id);
}

export async function deleteCustomers(db: Db, ids: number[]): Promise<number> {
  const done = await db
    .update(customers)
    .set({ deletedAt: new Date() })
    .where(and(inArray(customers.id, ids), isNull(customers.deletedAt)))
    .returning({ id: customers.id });
  changed(db);
  return done.length;
}

/** Brings back customers deleted within RESTORE_DAYS, unless their email now belongs to someone else. */
export async function restoreCustomers(db: Db, ids: number[]): Promise<number> {
  const rows = await db
    .select()
    .from(customers)
    .where(and(inArray(customers.id, ids), isNotNull(customers.deletedAt)));
  const limit = Date.now() - RESTORE_DAYS * 86_400_000;
  for (const row of rows) {
    if (row.deletedAt && row.deletedAt.getTime() < limit) {
      throw new AppError('CONFLICT', 'customerRestoreExpired', { id: row.id, days: RESTORE_DAYS });
    }
    await assertEmailFree(db, row.email, row.id);
  }
  if (rows.length === 0) return 0;
  await db
    .update(customers)
    .set({ deletedAt: null, updatedAt: new Date() })
    .where(
      inArray(
        customers.id,
        rows.map((r) => r.id),
      ),
    );
  changed(db);
  return rows.length;
}

export async function purgeDeletedCustomers(db: Db): Promise<void> {
  await db
    .delete(customers)
    .where(
      and(
        isNotNull(customers.deletedAt),
        sql`${customers.deletedAt} < now() - make_interval(days => ${RESTORE_DAYS})`,
      ),
    );
  changed(db);
}

/** Grade and owner of many customers at once, by the rules of one edit (a salesperson: hers only). */
export async function bulkUpdateCustomers(
  db: Db,
  input: { ids: number[]; grade?: number | null; owner_id?: number | null },
  viewer: Viewer,
): Promise<number> {
  await assertMayWork(db, input.ids, viewer);
  const to = input.owner_id;
  if (isSalesOnly(viewer) && to !== undefined && to !== null && to !== viewer.id) {
    throw new AppError('FORBIDDEN', 'customerOwnerNotYou');
  }
  await assertOwnerExists(db, to);
  if (input.grade === undefined && to === undefined) return 0;
  const done = await db.transaction(async (tx) => {
    const rows = await liveRows(tx, [...new Set(input.ids)], true);
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return 0;
    if (input.grade !== undefined) {
      await tx
        .update(customers)
        .set({ grade: input.grade, updatedAt: new Date() })
        .where(inArray(customers.id, ids));
    }
    if (to !== undefined) await ownerFromEdit(tx, ids, to, viewer);
    return ids.length;
  });
  changed(db);
  return done;
}

/**
 * Two records of one buyer become one: the survivor keeps its values except the fields taken from
 * the merged one; every record of other modules that pointed at the merged customer moves over; the
 * merged customer is deleted (restorable like any delete).
 */
export async function mergeCustomers(
  db: Db,
  input: { survivor_id: number; merged_id: number; take_from_merged: (keyof CustomerFields)[] },
): Promise<Customer> {
  if (input.survivor_id === input.merged_id) throw invalid('merged_id', 'customerMergeSame');
  const survivor = await getCustomer(db, input.survivor_id);
  const merged = await getCustomer(db, input.merged_id);
  const taken: Partial<CustomerFields> = {};
  for (const field of input.take_from_merged) Object.assign(taken, { [field]: merged[field] });
  await db.transaction(async (tx) => {
    // Free the merged email first: it may be the one the survivor takes.
    await tx.update(customers).set({ deletedAt: new Date(), email: '' }).where(eq(customers.id, merged.id));
    const lastReceived = [survivor.last_received_at, merged.last_received_at].filter(Boolean).sort().pop();
    await tx
      .update(customers)
      .set({
        ...toColumns(taken),
        lastReceivedAt: lastReceived ? new Date(lastReceived) : null,
        updatedAt: new Date(),
      })
      .where(eq(customers.id, survivor.id));
    // Keep the merged address findable in the remark when the survivor keeps its own.
    if (merged.email && !input.take_from_merged.includes('email')) {
      await tx
        .update(customers)
        .set({ remark: sql`trim(${customers.remark} || ${`\nAlso: ${merged.email}`})` })
        .where(eq(customers.id, survivor.id));
    }
    await moveCustomerReferences(tx as unknown as Db, merged.id, survivor.id);
  });
  changed(db);
  return getCustomer(db, survivor.id);
}

export async function countLiveCustomers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(customers).where(isNull(customers.deletedAt));
  return row?.n ?? 0;
}
