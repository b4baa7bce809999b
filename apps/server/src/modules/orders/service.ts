import {
  compareDecimals,
  currencyDigits,
  diffDocuments,
  documentParts,
  documentTotals,
  type LineItem,
  type LineItemInput,
  ORDER_DIFF_FIELDS,
  type Order,
  type OrderContent,
  type OrderCreate,
  type OrderPaymentCreate,
  type OrderStatus,
  type OrderUpdate,
  type OrderVersion,
  orderContent,
  roundMoney,
  withAmounts,
} from '@quayside/contract';
import Big from 'big.js';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  customers,
  invoices,
  orderPayments,
  orderStatusChanges,
  orders,
  packingLists,
  users,
} from '../../db/schema';
import { nextNumber } from '../../lib/documents/numbering';
import { appendVersion, deleteVersions, readVersion, versionHistory } from '../../lib/documents/versions';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/sessions';
import { setInquiryState } from '../inquiries/service';
import { getQuotation, updateQuotation } from '../quotations/service';

export const ORDER_KIND = 'order';
/** Orders are numbered SO-YYYY-NNNN in their own series. docs/decisions.md, "Orders, invoices, packing lists". */
const SERIES = 'order';
const PREFIX = 'SO';

type Row = typeof orders.$inferSelect;
const customerName = sql<string>`coalesce(nullif(${customers.companyName}, ''), ${customers.name})`;
const inTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((t) => work(t as unknown as Db));

async function loadRow(db: Db, id: number): Promise<Row & { ownerName: string | null }> {
  const [row] = await db
    .select({ o: orders, ownerName: users.name })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.ownerId))
    .where(eq(orders.id, id));
  if (!row) throw notFound('thingOrder');
  return { ...row.o, ownerName: row.ownerName };
}

async function loadContent(db: Db, id: number, version: number): Promise<OrderContent> {
  const stored = await readVersion(db, ORDER_KIND, id, version);
  if (!stored) throw notFound('thingOrderVersion');
  return orderContent.parse(stored);
}

async function customerNameOf(db: Db, id: number): Promise<string> {
  const [row] = await db
    .select({ name: customerName })
    .from(customers)
    .where(and(eq(customers.id, id), sql`${customers.deletedAt} IS NULL`));
  if (!row) throw invalid('customer_id', 'recordNotFound', { thing: 'thingCustomer' });
  return row.name;
}

/** The fields a person edits; the rest of a version (number, names, quotation, totals) is derived. */
type Editable = Omit<OrderCreate, never>;
type Origin = Pick<OrderContent, 'quotation_id' | 'quotation_number' | 'quotation_version'>;
const NO_QUOTATION: Origin = { quotation_id: null, quotation_number: null, quotation_version: null };

/** A version's whole content: amounts and totals computed here, exactly (big.js). */
function buildContent(number: string, customer: string, origin: Origin, input: Editable): OrderContent {
  const items = withAmounts(input.items, input.currency);
  const { subtotal, total } = documentTotals(items, input.discount, input.shipping_cost, input.currency);
  if (total.startsWith('-')) throw invalid('discount', 'orderNegativeTotal');
  return {
    number,
    name: input.name,
    customer_id: input.customer_id,
    customer_name: customer,
    ...origin,
    contact_name: input.contact_name,
    contact_email: input.contact_email,
    currency: input.currency,
    trade_term: input.trade_term,
    port_of_loading: input.port_of_loading,
    port_of_destination: input.port_of_destination,
    payment_terms: input.payment_terms,
    delivery_date: input.delivery_date,
    items,
    discount: input.discount,
    shipping_cost: input.shipping_cost,
    subtotal,
    total,
    remark: input.remark,
  };
}

export const orderSearchText = (c: OrderContent) =>
  [
    c.number,
    c.name,
    c.customer_name,
    c.contact_name,
    c.contact_email,
    c.quotation_number ?? '',
    ...c.items.flatMap((i) => [i.model, i.description]),
  ]
    .join(' ')
    .toLowerCase();

const balanceOf = (total: string, paid: string, currency: string) =>
  roundMoney(new Big(total).minus(paid).toFixed(), currency);

/** The stored lines as input again (the amount is recomputed from quantity × unit price). */
const asInput = (items: readonly LineItem[]): LineItemInput[] =>
  items.map(({ amount: _amount, ...line }) => line);

/**
 * An order as invoices and packing lists copy it: the current version's content with the order's
 * id, version, owner and status. Throws NOT_FOUND for an order that does not exist.
 */
export async function getOrderForDocument(
  db: Db,
  id: number,
): Promise<OrderContent & { id: number; version: number; owner_id: number | null; status: OrderStatus }> {
  const row = await loadRow(db, id);
  const content = await loadContent(db, id, row.version);
  return { ...content, id, version: row.version, owner_id: row.ownerId, status: row.status as OrderStatus };
}

export async function getOrder(db: Db, id: number, version?: number): Promise<Order> {
  const row = await loadRow(db, id);
  const [content, payments, changes, invoiceRows, packingRows] = await Promise.all([
    loadContent(db, id, version ?? row.version),
    db
      .select({ p: orderPayments, name: users.name })
      .from(orderPayments)
      .leftJoin(users, eq(users.id, orderPayments.createdBy))
      .where(eq(orderPayments.orderId, id))
      .orderBy(asc(orderPayments.paidOn), asc(orderPayments.id)),
    db
      .select({ c: orderStatusChanges, name: users.name })
      .from(orderStatusChanges)
      .leftJoin(users, eq(users.id, orderStatusChanges.changedBy))
      .where(eq(orderStatusChanges.orderId, id))
      .orderBy(asc(orderStatusChanges.changedAt), asc(orderStatusChanges.id)),
    db
      .select({
        id: invoices.id,
        number: invoices.number,
        kind: invoices.kind,
        createdAt: invoices.createdAt,
      })
      .from(invoices)
      .where(eq(invoices.orderId, id))
      .orderBy(asc(invoices.id)),
    db
      .select({ id: packingLists.id, number: packingLists.number, createdAt: packingLists.createdAt })
      .from(packingLists)
      .where(eq(packingLists.orderId, id))
      .orderBy(asc(packingLists.id)),
  ]);
  const paid = roundMoney(row.paid, row.currency);
  return {
    ...content,
    id: row.id,
    status: row.status as OrderStatus,
    version: row.version,
    owner_id: row.ownerId,
    owner_name: row.ownerName ?? '',
    paid,
    balance: balanceOf(row.total, row.paid, row.currency),
    payments: payments.map(({ p, name }) => ({
      id: p.id,
      date: p.paidOn,
      amount: roundMoney(p.amount, row.currency),
      remark: p.remark,
      created_by: p.createdBy,
      created_by_name: name ?? '',
      created_at: p.createdAt.toISOString(),
    })),
    status_changes: changes.map(({ c, name }) => ({
      status: c.status as OrderStatus,
      changed_by: c.changedBy,
      changed_by_name: name ?? '',
      changed_at: c.changedAt.toISOString(),
    })),
    invoices: invoiceRows.map((r) => ({
      id: r.id,
      number: r.number,
      kind: r.kind,
      created_at: r.createdAt.toISOString(),
    })),
    packing_lists: packingRows.map((r) => ({
      id: r.id,
      number: r.number,
      kind: null,
      created_at: r.createdAt.toISOString(),
    })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Inserts the order, its version 1 and its first status, inside the caller's transaction. */
async function insertOrder(
  tx: Db,
  customer: string,
  origin: Origin,
  input: Editable,
  ownerId: number | null,
  user: SessionUser,
): Promise<{ id: number; content: OrderContent }> {
  const number = await nextNumber(tx, SERIES, PREFIX);
  const content = buildContent(number, customer, origin, input);
  const [row] = await tx
    .insert(orders)
    .values({
      number,
      name: content.name,
      customerId: content.customer_id,
      quotationId: origin.quotation_id,
      quotationVersion: origin.quotation_version,
      ownerId,
      currency: content.currency,
      total: content.total,
      deliveryDate: content.delivery_date,
      searchText: orderSearchText(content),
    })
    .returning({ id: orders.id });
  const id = row!.id;
  await appendVersion(tx, ORDER_KIND, id, 1, content, 'created', user.id);
  await tx.insert(orderStatusChanges).values({ orderId: id, status: 'in_progress', changedBy: user.id });
  return { id, content };
}

export async function createOrder(db: Db, input: OrderCreate, user: SessionUser): Promise<Order> {
  const customer = await customerNameOf(db, input.customer_id);
  const { id } = await inTransaction(db, (tx) =>
    insertOrder(tx, customer, NO_QUOTATION, input, user.id, user),
  );
  return getOrder(db, id);
}

/**
 * "Make order": the quotation's current version becomes an order with the same lines and the same
 * total; in the same transaction the quotation turns accepted and its inquiry won (through their
 * modules' own functions). A quotation makes one order: a second click answers 409.
 */
export async function createOrderFromQuotation(
  db: Db,
  quotationId: number,
  user: SessionUser,
): Promise<Order> {
  const { id } = await inTransaction(db, async (tx) => {
    const q = await getQuotation(tx, quotationId, user).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'NOT_FOUND')
        throw invalid('quotation_id', 'recordNotFound', { thing: 'thingQuotation' });
      throw err;
    });
    // Locks the quotation's row, so two clicks at once make one order.
    await tx.execute(sql`SELECT id FROM quotations WHERE id = ${quotationId} FOR UPDATE`);
    const [existing] = await tx
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.quotationId, quotationId));
    if (existing) throw conflict('orderExistsForQuotation', { number: existing.number });
    const made = await insertOrder(
      tx,
      q.customer_name,
      { quotation_id: q.id, quotation_number: q.number, quotation_version: q.version },
      {
        name: '',
        customer_id: q.customer_id,
        contact_name: q.contact_name,
        contact_email: q.contact_email,
        currency: q.currency,
        trade_term: q.trade_term,
        port_of_loading: q.port_of_loading,
        port_of_destination: q.port_of_destination,
        payment_terms: q.payment_terms,
        delivery_date: null,
        items: asInput(q.items),
        discount: q.discount,
        shipping_cost: q.shipping_cost,
        remark: q.remark,
      },
      q.owner_id ?? user.id,
      user,
    );
    if (made.content.total !== q.total) throw new Error(`order total ${made.content.total} ≠ ${q.total}`);
    if (q.status !== 'accepted') {
      await updateQuotation(tx, { id: q.id, version: q.version, status: 'accepted' }, user);
    }
    if (q.inquiry_email_id !== null) {
      await setInquiryState(
        tx,
        { ids: [q.inquiry_email_id], state: 'won', lost_reason: null, lost_note: '' },
        user.id,
      );
    }
    return made;
  });
  return getOrder(db, id);
}

const CONTENT_KEYS = [
  'name',
  'customer_id',
  ...documentParts.termsFields,
  'delivery_date',
  'items',
  'discount',
  'shipping_cost',
  'remark',
] as const;

/**
 * Saves an edit made from `input.version` as version + 1 (the earlier stay as they were). A save
 * from a version that is no longer the latest answers 409 CONFLICT.
 */
export async function updateOrder(db: Db, input: OrderUpdate, user: SessionUser): Promise<Order> {
  const row = await loadRow(db, input.id);
  const stale = () => conflict('orderStale', { version: row.version }, { version: row.version });
  if (input.version !== row.version) throw stale();
  if (!CONTENT_KEYS.some((k) => input[k] !== undefined)) return getOrder(db, input.id);
  const before = await loadContent(db, input.id, row.version);
  const merged: Editable = {
    name: input.name ?? before.name,
    customer_id: input.customer_id ?? before.customer_id,
    contact_name: input.contact_name ?? before.contact_name,
    contact_email: input.contact_email ?? before.contact_email,
    currency: input.currency ?? before.currency,
    trade_term: input.trade_term !== undefined ? input.trade_term : before.trade_term,
    port_of_loading: input.port_of_loading ?? before.port_of_loading,
    port_of_destination: input.port_of_destination ?? before.port_of_destination,
    payment_terms: input.payment_terms ?? before.payment_terms,
    delivery_date: input.delivery_date !== undefined ? input.delivery_date : before.delivery_date,
    items: input.items ?? asInput(before.items),
    discount: input.discount ?? before.discount,
    shipping_cost: input.shipping_cost ?? before.shipping_cost,
    remark: input.remark ?? before.remark,
  };
  const customer =
    merged.customer_id === before.customer_id
      ? before.customer_name
      : await customerNameOf(db, merged.customer_id);
  const origin: Origin = {
    quotation_id: before.quotation_id,
    quotation_number: before.quotation_number,
    quotation_version: before.quotation_version,
  };
  const content = buildContent(row.number, customer, origin, merged);
  const summary = diffDocuments(before, content, ORDER_DIFF_FIELDS).summary;
  await inTransaction(db, async (tx) => {
    const [saved] = await tx
      .update(orders)
      .set({
        version: sql`${orders.version} + 1`,
        name: content.name,
        customerId: content.customer_id,
        currency: content.currency,
        total: content.total,
        deliveryDate: content.delivery_date,
        searchText: orderSearchText(content),
        updatedAt: new Date(),
      })
      .where(and(eq(orders.id, input.id), eq(orders.version, input.version)))
      .returning({ version: orders.version });
    if (!saved) throw stale();
    await appendVersion(tx, ORDER_KIND, input.id, saved.version, content, summary, user.id);
  });
  return getOrder(db, input.id);
}

/** in_progress ↔ done, with who and when; setting the status it already has changes nothing. */
export async function setOrderStatus(
  db: Db,
  input: { id: number; status: OrderStatus },
  user: SessionUser,
): Promise<Order> {
  await inTransaction(db, async (tx) => {
    const [changed] = await tx
      .update(orders)
      .set({ status: input.status, updatedAt: new Date() })
      .where(and(eq(orders.id, input.id), sql`${orders.status} <> ${input.status}`))
      .returning({ id: orders.id });
    if (!changed) {
      await loadRow(tx, input.id);
      return;
    }
    await tx
      .insert(orderStatusChanges)
      .values({ orderId: input.id, status: input.status, changedBy: user.id });
  });
  return getOrder(db, input.id);
}

/** Adds a payment and `paid` in one transaction (the row update serializes concurrent payments). */
export async function addPayment(db: Db, input: OrderPaymentCreate, user: SessionUser): Promise<Order> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ paid: sql`${orders.paid} + ${input.amount}::numeric`, updatedAt: new Date() })
      .where(eq(orders.id, input.order_id))
      .returning({ currency: orders.currency });
    if (!row) throw invalid('order_id', 'recordNotFound', { thing: 'thingOrder' });
    const digits = currencyDigits(row.currency);
    if (compareDecimals(roundMoney(input.amount, row.currency), input.amount) !== 0)
      throw invalid('amount', 'orderAmountPlaces', { digits, currency: row.currency });
    await tx.insert(orderPayments).values({
      orderId: input.order_id,
      paidOn: input.date,
      amount: input.amount,
      remark: input.remark,
      createdBy: user.id,
    });
  });
  return getOrder(db, input.order_id);
}

export async function deletePayment(db: Db, input: { order_id: number; payment_id: number }): Promise<Order> {
  await inTransaction(db, async (tx) => {
    const [gone] = await tx
      .delete(orderPayments)
      .where(and(eq(orderPayments.id, input.payment_id), eq(orderPayments.orderId, input.order_id)))
      .returning({ amount: orderPayments.amount });
    if (!gone) throw notFound('thingOrderPayment');
    await tx
      .update(orders)
      .set({ paid: sql`${orders.paid} - ${gone.amount}::numeric`, updatedAt: new Date() })
      .where(eq(orders.id, input.order_id));
  });
  return getOrder(db, input.order_id);
}

export async function orderHistory(db: Db, id: number): Promise<OrderVersion[]> {
  await loadRow(db, id);
  return versionHistory(
    db,
    ORDER_KIND,
    id,
    (c) => orderContent.parse(c),
    (before, after) => diffDocuments(before, after, ORDER_DIFF_FIELDS).changes,
  );
}

export async function orderDiff(db: Db, id: number, from: number, to: number) {
  await loadRow(db, id);
  const [a, b] = await Promise.all([loadContent(db, id, from), loadContent(db, id, to)]);
  return {
    from: { ...a, version: from },
    to: { ...b, version: to },
    diff: diffDocuments(a, b, ORDER_DIFF_FIELDS),
  };
}

/**
 * Deletes orders and their versions (payments and status trail go with them). An order that has
 * invoices or packing lists is refused whole: those documents were issued from it.
 */
export async function deleteOrders(db: Db, ids: number[]): Promise<number> {
  return inTransaction(db, async (tx) => {
    const made = await tx
      .select({ number: orders.number, n: count() })
      .from(orders)
      .innerJoin(
        sql`(SELECT order_id FROM invoices UNION ALL SELECT order_id FROM packing_lists) d`,
        sql`d.order_id = ${orders.id}`,
      )
      .where(inArray(orders.id, ids))
      .groupBy(orders.number)
      .orderBy(desc(count()));
    const first = made[0];
    if (first) throw conflict('orderHasDocuments', { number: first.number, count: first.n });
    const done = await tx.delete(orders).where(inArray(orders.id, ids)).returning({ id: orders.id });
    await deleteVersions(
      tx,
      ORDER_KIND,
      done.map((d) => d.id),
    );
    return done.length;
  });
}
