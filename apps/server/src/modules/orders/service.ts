import {
  diffDocuments,
  documentParts,
  documentTotals,
  type LineItem,
  type LineItemInput,
  ORDER_DIFF_FIELDS,
  type Order,
  type OrderContent,
  type OrderCreate,
  type OrderUpdate,
  withAmounts,
} from '@quayside/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderStatusChanges, orders } from '../../db/schema';
import { assertLinePictures, assertMayDelete, assertMayMakeFor } from '../../lib/documents/access';
import { customerNameOf } from '../../lib/documents/customer-name';
import { nextNumber } from '../../lib/documents/numbering';
import { appendVersion, deleteVersions } from '../../lib/documents/versions';
import { AppError, conflict, invalid } from '../../lib/errors';
import { isAdmin, isSalesOnly, type Viewer } from '../../lib/scope';
import type { SessionUser } from '../../lib/sessions';
import { setInquiryState } from '../inquiries/service';
import { getQuotation, updateQuotation } from '../quotations/service';
import { getOrder } from './detail';
import { inTransaction, loadContent, loadRow, ORDER_KIND } from './rows';

// Reads, payments and the history live beside this file; other modules import them from here.
export { getOrder, getOrderForDocument } from './detail';
export { orderDiff, orderHistory } from './history';
export { addPayment, deletePayment, setOrderStatus } from './payments';
export { ORDER_KIND } from './rows';

// Orders within the document rule (lib/scope.ts): admin every one; a salesperson those she owns or
// whose customer she owns, made only for her own customers. docs/decisions/who-sees-what.md.

/** Orders are numbered SO-YYYY-NNNN in their own series. docs/decisions/documents.md. */
const SERIES = 'order';
const PREFIX = 'SO';

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

/** The stored lines as input again (the amount is recomputed from quantity × unit price). */
const asInput = (items: readonly LineItem[]): LineItemInput[] =>
  items.map(({ amount: _amount, ...line }) => line);

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
  await assertMayMakeFor(db, user, input.customer_id);
  await assertLinePictures(db, user, input.items);
  const customer = await customerNameOf(db, input.customer_id);
  const { id } = await inTransaction(db, (tx) =>
    insertOrder(tx, customer, NO_QUOTATION, input, user.id, user),
  );
  return getOrder(db, id, user);
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
    await assertMayMakeFor(tx, user, q.customer_id);
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
      // A salesperson's order is hers; an admin's keeps the quotation's owner.
      isSalesOnly(user) ? user.id : (q.owner_id ?? user.id),
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
  return getOrder(db, id, user);
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
  const row = await loadRow(db, input.id, user);
  const stale = () => conflict('orderStale', { version: row.version }, { version: row.version });
  if (input.version !== row.version) throw stale();
  if (!CONTENT_KEYS.some((k) => input[k] !== undefined)) return getOrder(db, input.id, user);
  const before = await loadContent(db, input.id, row.version);
  if (input.customer_id !== undefined && input.customer_id !== before.customer_id)
    await assertMayMakeFor(db, user, input.customer_id);
  await assertLinePictures(db, user, input.items, before.items);
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
  return getOrder(db, input.id, user);
}

/**
 * Deletes orders and their versions (payments and status trail go with them). An order that has
 * invoices or packing lists is refused whole: those documents were issued from it. A salesperson
 * deletes only her own orders still in progress with nothing paid; any id she may not read answers
 * 403 like a missing one.
 */
export async function deleteOrders(db: Db, ids: number[], viewer: Viewer): Promise<number> {
  return inTransaction(db, async (tx) => {
    if (!isAdmin(viewer)) {
      for (const id of new Set(ids)) {
        const row = await loadRow(tx, id, viewer);
        assertMayDelete(viewer, row.ownerId, row.status === 'in_progress' && Number(row.paid) === 0);
      }
    }
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
