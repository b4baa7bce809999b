import {
  amountInWords,
  type BankDetails,
  diffDocuments,
  documentTotals,
  INVOICE_DIFF_FIELDS,
  type Invoice,
  type InvoiceContent,
  type InvoiceFromOrder,
  type InvoiceKind,
  type InvoiceListItem,
  type InvoiceListQuery,
  type InvoiceUpdate,
  type InvoiceVersion,
  invoiceContent,
  type LineItem,
  type LineItemInput,
  type ListAnswer,
  roundMoney,
  withAmounts,
} from '@quayside/contract';
import { and, count, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, invoices, orders, users } from '../../db/schema';
import { assertLinePictures, assertMayDelete, assertMayMakeFor, visible } from '../../lib/documents/access';
import { customerName } from '../../lib/documents/customer-name';
import { nextNumber } from '../../lib/documents/numbering';
import { appendVersion, deleteVersions, readVersion, versionHistory } from '../../lib/documents/versions';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import { containsPattern, offsetOf, orderBy } from '../../lib/list';
import { invoiceScope, isAdmin, type Viewer } from '../../lib/scope';
import type { SessionUser } from '../../lib/sessions';
import { getOrderForDocument } from '../orders/service';
import { getCompanySettings } from '../settings/service';

const KIND = 'invoice';
/** Each kind its own series: PI-2026-0001, CI-2026-0001. docs/decisions/documents.md. */
const SERIES: Record<InvoiceKind, { series: string; prefix: string }> = {
  proforma: { series: 'invoice_proforma', prefix: 'PI' },
  commercial: { series: 'invoice_commercial', prefix: 'CI' },
};

type Row = typeof invoices.$inferSelect;
const inTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((t) => work(t as unknown as Db));

/** The invoice's row, when the viewer may read it (lib/scope.ts); else 403 like a missing one. */
async function loadRow(db: Db, id: number, viewer: Viewer) {
  const [row] = await db
    .select({ i: invoices, ownerName: users.name, customerOwnerId: customers.ownerId })
    .from(invoices)
    .leftJoin(users, eq(users.id, invoices.ownerId))
    .leftJoin(customers, eq(customers.id, invoices.customerId))
    .where(eq(invoices.id, id));
  return visible(viewer, row && { ...row, ownerId: row.i.ownerId }, 'thingInvoice');
}

async function loadContent(db: Db, id: number, version: number): Promise<InvoiceContent> {
  const stored = await readVersion(db, KIND, id, version);
  if (!stored) throw notFound('thingInvoiceVersion');
  return invoiceContent.parse(stored);
}

/** The fields a person edits; number, order, customer, currency and totals are the invoice's own. */
type Editable = Omit<
  InvoiceContent,
  'items' | 'subtotal' | 'total' | 'amount_in_words' | 'number' | 'kind' | 'order_id' | 'order_number'
> & { items: LineItemInput[] } & Pick<InvoiceContent, 'number' | 'kind' | 'order_id' | 'order_number'>;

/** A version's whole content: amounts, totals and the amount in words computed here, exactly (big.js). */
function buildContent(input: Editable): InvoiceContent {
  const items = withAmounts(input.items, input.currency);
  const { subtotal, total } = documentTotals(items, input.discount, input.shipping_cost, input.currency);
  if (total.startsWith('-')) throw invalid('discount', 'invoiceNegativeTotal');
  return { ...input, items, subtotal, total, amount_in_words: amountInWords(total, input.currency) };
}

/** The stored lines as input again (the amount is recomputed from quantity × unit price). */
const asInput = (items: readonly LineItem[]): LineItemInput[] =>
  items.map(({ amount: _amount, ...line }) => line);

const searchTextOf = (c: InvoiceContent) =>
  [
    c.number,
    c.order_number,
    c.customer_name,
    c.contact_name,
    ...c.items.flatMap((i) => [i.model, i.description]),
  ]
    .join(' ')
    .toLowerCase();

/** The bank block as one text, for the diff of two versions. */
export const bankText = (b: BankDetails) =>
  [b.beneficiary, b.bank_name, b.bank_address, b.account_number, b.swift, b.iban].filter(Boolean).join(' / ');
const diffable = (c: InvoiceContent) => ({ ...c, bank_text: bankText(c.bank) });

function toInvoice(row: Awaited<ReturnType<typeof loadRow>>, content: InvoiceContent): Invoice {
  return {
    ...content,
    id: row.i.id,
    version: row.i.version,
    owner_id: row.i.ownerId,
    owner_name: row.ownerName ?? '',
    created_at: row.i.createdAt.toISOString(),
    updated_at: row.i.updatedAt.toISOString(),
  };
}

export async function getInvoice(db: Db, id: number, viewer: Viewer, version?: number): Promise<Invoice> {
  const row = await loadRow(db, id, viewer);
  return toInvoice(row, await loadContent(db, id, version ?? row.i.version));
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * An invoice of the order's current version: same lines, discount, shipping and total; the bank
 * details as the settings hold them now (a snapshot: later settings changes leave it as issued).
 * The number is taken in the same transaction as the insert (no gaps, no duplicates).
 */
export async function createInvoiceFromOrder(
  db: Db,
  input: InvoiceFromOrder,
  user: SessionUser,
): Promise<Invoice> {
  const order = await getOrderForDocument(db, input.order_id, user).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      throw invalid('order_id', 'recordNotFound', { thing: 'thingOrder' });
    throw error;
  });
  await assertMayMakeFor(db, user, order.customer_id);
  const { bank } = await getCompanySettings(db);
  const { series, prefix } = SERIES[input.kind];
  const id = await inTransaction(db, async (tx) => {
    const number = await nextNumber(tx, series, prefix);
    const content = buildContent({
      number,
      kind: input.kind,
      order_id: order.id,
      order_number: order.number,
      order_version: order.version,
      customer_id: order.customer_id,
      customer_name: order.customer_name,
      contact_name: order.contact_name,
      contact_email: order.contact_email,
      currency: order.currency,
      trade_term: order.trade_term,
      port_of_loading: order.port_of_loading,
      port_of_destination: order.port_of_destination,
      payment_terms: order.payment_terms,
      issue_date: input.issue_date ?? today(),
      due_date: input.due_date,
      items: asInput(order.items),
      discount: order.discount,
      shipping_cost: order.shipping_cost,
      bank,
      remark: '',
    });
    const [row] = await tx
      .insert(invoices)
      .values({
        number,
        kind: input.kind,
        orderId: order.id,
        customerId: order.customer_id,
        ownerId: user.id,
        currency: content.currency,
        total: content.total,
        issueDate: content.issue_date,
        dueDate: content.due_date,
        searchText: searchTextOf(content),
      })
      .returning({ id: invoices.id });
    await appendVersion(tx, KIND, row!.id, 1, content, 'created', user.id);
    return row!.id;
  });
  return getInvoice(db, id, user);
}

/**
 * Saves an edit made from `input.version` as version + 1; every earlier version stays as it was
 * issued (its PDF too). A save from a version that is no longer the latest answers 409 CONFLICT.
 */
export async function updateInvoice(db: Db, input: InvoiceUpdate, user: SessionUser): Promise<Invoice> {
  const row = await loadRow(db, input.id, user);
  const stale = () => conflict('invoiceStale', { version: row.i.version }, { version: row.i.version });
  if (input.version !== row.i.version) throw stale();
  const before = await loadContent(db, input.id, row.i.version);
  await assertLinePictures(db, user, input.items, before.items);
  const { id: _id, version: _version, ...changes } = input;
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const content = buildContent({ ...before, items: asInput(before.items), ...defined });
  const summary = diffDocuments(diffable(before), diffable(content), INVOICE_DIFF_FIELDS).summary;
  await inTransaction(db, async (tx) => {
    const [saved] = await tx
      .update(invoices)
      .set({
        version: sql`${invoices.version} + 1`,
        total: content.total,
        issueDate: content.issue_date,
        dueDate: content.due_date,
        searchText: searchTextOf(content),
        updatedAt: new Date(),
      })
      .where(and(eq(invoices.id, input.id), eq(invoices.version, input.version)))
      .returning({ version: invoices.version });
    if (!saved) throw stale();
    await appendVersion(tx, KIND, input.id, saved.version, content, summary, user.id);
  });
  return getInvoice(db, input.id, user);
}

export async function invoiceHistory(db: Db, id: number, viewer: Viewer): Promise<InvoiceVersion[]> {
  await loadRow(db, id, viewer);
  return versionHistory(
    db,
    KIND,
    id,
    (c) => invoiceContent.parse(c),
    (before, after) => diffDocuments(diffable(before), diffable(after), INVOICE_DIFF_FIELDS).changes,
  );
}

export async function invoiceDiff(db: Db, id: number, from: number, to: number, viewer: Viewer) {
  await loadRow(db, id, viewer);
  const [a, b] = await Promise.all([loadContent(db, id, from), loadContent(db, id, to)]);
  return {
    from: { ...a, version: from },
    to: { ...b, version: to },
    diff: diffDocuments(diffable(a), diffable(b), INVOICE_DIFF_FIELDS),
  };
}

const sortColumns = {
  number: invoices.number,
  total: invoices.total,
  issue_date: invoices.issueDate,
  due_date: invoices.dueDate,
  created_at: invoices.createdAt,
  updated_at: invoices.updatedAt,
};

/**
 * The list's filter; with a `viewer`, narrowed to the invoices she may read (lib/scope.ts), as every
 * read path must be (list, export, search, dashboard).
 */
export function invoiceFilter(query: InvoiceListQuery, viewer?: Viewer): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (viewer) where.push(invoiceScope(viewer));
  if (query.q) where.push(sql`${invoices.searchText} LIKE ${containsPattern(query.q)}`);
  if (query.kind) where.push(eq(invoices.kind, query.kind));
  if (query.customer_id) where.push(eq(invoices.customerId, query.customer_id));
  if (query.order_id) where.push(eq(invoices.orderId, query.order_id));
  if (query.currency?.length) where.push(inArray(invoices.currency, query.currency));
  if (query.date_from) where.push(gte(invoices.issueDate, query.date_from));
  if (query.date_to) where.push(lte(invoices.issueDate, query.date_to));
  return and(...where);
}

type ListRow = { i: Row; ownerName: string | null; customerName: string | null; orderNumber: string | null };
const listItem = (r: ListRow): InvoiceListItem => ({
  id: r.i.id,
  number: r.i.number,
  kind: r.i.kind as InvoiceKind,
  order_id: r.i.orderId,
  order_number: r.orderNumber ?? '',
  customer_id: r.i.customerId,
  customer_name: r.customerName ?? '',
  currency: r.i.currency,
  total: roundMoney(r.i.total, r.i.currency),
  issue_date: r.i.issueDate,
  due_date: r.i.dueDate,
  version: r.i.version,
  owner_id: r.i.ownerId,
  owner_name: r.ownerName ?? '',
  created_at: r.i.createdAt.toISOString(),
  updated_at: r.i.updatedAt.toISOString(),
});

export async function listInvoices(
  db: Db,
  query: InvoiceListQuery,
  viewer: Viewer,
): Promise<ListAnswer<InvoiceListItem>> {
  const where = invoiceFilter(query, viewer);
  const [rows, [total]] = await Promise.all([
    db
      .select({ i: invoices, ownerName: users.name, customerName, orderNumber: orders.number })
      .from(invoices)
      .leftJoin(users, eq(users.id, invoices.ownerId))
      .leftJoin(customers, eq(customers.id, invoices.customerId))
      .leftJoin(orders, eq(orders.id, invoices.orderId))
      .where(where)
      .orderBy(...orderBy(query.sort, sortColumns, '-updated_at', invoices.id))
      .limit(query.page_size)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return { items: rows.map(listItem), total: total?.n ?? 0, page: query.page, page_size: query.page_size };
}

/**
 * Deletes the invoices and every version of them, in one transaction. A salesperson deletes only
 * invoices she made; any id she may not read answers 403 like a missing one.
 */
export async function deleteInvoices(db: Db, ids: number[], viewer: Viewer): Promise<number> {
  return inTransaction(db, async (tx) => {
    if (!isAdmin(viewer)) {
      for (const id of new Set(ids)) assertMayDelete(viewer, (await loadRow(tx, id, viewer)).i.ownerId, true);
    }
    const done = await tx.delete(invoices).where(inArray(invoices.id, ids)).returning({ id: invoices.id });
    await deleteVersions(
      tx,
      KIND,
      done.map((d) => d.id),
    );
    return done.length;
  });
}
