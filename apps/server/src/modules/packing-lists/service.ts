import {
  cartonsFor,
  diffPackingLists,
  type LineItem,
  lineFigures,
  type PackingLine,
  type PackingLineInput,
  type PackingList,
  type PackingListContent,
  type PackingListUpdate,
  type PackingListVersion,
  packagingHint,
  packingListContent,
  packingTotals,
  packingWarnings,
} from '@quayside/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  customers,
  documentVersions,
  invoices,
  orders,
  packingLists,
  products,
  users,
} from '../../db/schema';
import { assertMayDelete, assertMayMakeFor, visible } from '../../lib/documents/access';
import { nextNumber } from '../../lib/documents/numbering';
import { appendVersion, deleteVersions, readVersion } from '../../lib/documents/versions';
import { conflict, invalid, notFound } from '../../lib/errors';
import { isAdmin, type Viewer } from '../../lib/scope';
import type { SessionUser } from '../../lib/sessions';
import { getOrderForDocument } from '../orders/service';

// The list and its filter live beside this file; other modules import them from here.
export { listPackingLists, packingListFilter } from './list';

const KIND = 'packing_list';
/** Packing lists are numbered PL-YYYY-NNNN in their own series. docs/decisions/documents.md. */
const SERIES = 'packing_list';
const PREFIX = 'PL';

const inTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((t) => work(t as unknown as Db));

/** The packing list's row, when the viewer may read it (lib/scope.ts); else 403 like a missing one. */
async function loadRow(db: Db, id: number, viewer: Viewer) {
  const [row] = await db
    .select({ p: packingLists, ownerName: users.name, customerOwnerId: customers.ownerId })
    .from(packingLists)
    .leftJoin(users, eq(users.id, packingLists.ownerId))
    .leftJoin(customers, eq(customers.id, packingLists.customerId))
    .where(eq(packingLists.id, id));
  return visible(viewer, row && { ...row, ownerId: row.p.ownerId }, 'thingPackingList');
}

async function loadContent(db: Db, id: number, version: number): Promise<PackingListContent> {
  const stored = await readVersion(db, KIND, id, version);
  if (!stored) throw notFound('thingPackingListVersion');
  return packingListContent.parse(stored);
}

/**
 * The order a packing list packs; an unknown order is bad input naming the field (to anyone but an
 * admin, 403 like an order she may not read).
 */
async function orderOf(db: Db, orderId: number, viewer: Viewer) {
  const [exists] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!exists && isAdmin(viewer)) throw invalid('order_id', 'recordNotFound', { thing: 'thingOrder' });
  return getOrderForDocument(db, orderId, viewer);
}

/** The invoice's number, when it is one of the order's invoices (else 400 on invoice_id). */
async function invoiceNumberOf(db: Db, invoiceId: number | null, orderId: number): Promise<string | null> {
  if (invoiceId === null) return null;
  const [row] = await db
    .select({ number: invoices.number, orderId: invoices.orderId })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!row || row.orderId !== orderId) throw invalid('invoice_id', 'packingInvoiceOfOtherOrder');
  return row.number;
}

/** Each line with its CBM, weight totals, the order line's quantity and its warnings. */
function computeLines(inputs: readonly PackingLineInput[], orderItems: readonly LineItem[]): PackingLine[] {
  return inputs.map((input) => {
    const orderQuantity = input.order_line === null ? null : (orderItems[input.order_line]?.quantity ?? null);
    return {
      ...input,
      ...lineFigures(input),
      order_quantity: orderQuantity,
      warnings: packingWarnings(input, orderQuantity),
    };
  });
}

type Header = Omit<
  PackingListContent,
  'items' | 'total_cartons' | 'total_quantity' | 'total_net_weight' | 'total_gross_weight' | 'total_cbm'
>;

function buildContent(header: Header, inputs: readonly PackingLineInput[], orderItems: readonly LineItem[]) {
  const items = computeLines(inputs, orderItems);
  return packingListContent.parse({ ...header, items, ...packingTotals(items) });
}

/** The order's lines as packing lines: carton figures from the product's packaging text where it gives them. */
async function linesFromOrder(db: Db, items: readonly LineItem[]): Promise<PackingLineInput[]> {
  const productIds = [...new Set(items.flatMap((i) => (i.product_id === null ? [] : [i.product_id])))];
  const packaging = new Map(
    productIds.length
      ? (
          await db
            .select({ id: products.id, packaging: products.packaging })
            .from(products)
            .where(inArray(products.id, productIds))
        ).map((p) => [p.id, packagingHint(p.packaging)])
      : [],
  );
  return items.map((item, index) => {
    const hint = (item.product_id !== null && packaging.get(item.product_id)) || {};
    const qtyPerCarton = hint.qty_per_carton ?? '0';
    return {
      product_id: item.product_id,
      order_line: index,
      description: item.description || item.model,
      model: item.model,
      unit: item.unit,
      cartons: cartonsFor(item.quantity, qtyPerCarton),
      qty_per_carton: qtyPerCarton,
      quantity: item.quantity,
      net_weight: hint.net_weight ?? '0',
      gross_weight: hint.gross_weight ?? '0',
      length_cm: hint.length_cm ?? '0',
      width_cm: hint.width_cm ?? '0',
      height_cm: hint.height_cm ?? '0',
    };
  });
}

const searchTextOf = (c: PackingListContent) =>
  [
    c.number,
    c.order_number,
    c.invoice_number ?? '',
    c.customer_name,
    c.container_number,
    c.seal_number,
    ...c.items.flatMap((i) => [i.model, i.description]),
  ]
    .join(' ')
    .toLowerCase();

const rowTotals = (c: PackingListContent) => ({
  totalCartons: c.total_cartons,
  totalGrossWeight: c.total_gross_weight,
  totalCbm: c.total_cbm,
});

/** `version` is the one shown (an earlier one when asked for), not always the latest. */
function toPackingList(
  row: Awaited<ReturnType<typeof loadRow>>,
  content: PackingListContent,
  version: number,
): PackingList {
  return {
    ...content,
    id: row.p.id,
    version,
    owner_id: row.p.ownerId,
    owner_name: row.ownerName ?? '',
    warning_count: content.items.filter((i) => i.warnings.order_quantity || i.warnings.carton_quantity)
      .length,
    created_at: row.p.createdAt.toISOString(),
    updated_at: row.p.updatedAt.toISOString(),
  };
}

export async function getPackingList(
  db: Db,
  id: number,
  viewer: Viewer,
  version?: number,
): Promise<PackingList> {
  const row = await loadRow(db, id, viewer);
  const shown = version ?? row.p.version;
  return toPackingList(row, await loadContent(db, id, shown), shown);
}

const today = () => new Date().toISOString().slice(0, 10);

/** A new packing list with the order's lines (and ports), numbered in the creating transaction. */
export async function createFromOrder(
  db: Db,
  input: { order_id: number; invoice_id: number | null },
  user: SessionUser,
): Promise<PackingList> {
  const order = await orderOf(db, input.order_id, user);
  await assertMayMakeFor(db, user, order.customer_id);
  const invoiceNumber = await invoiceNumberOf(db, input.invoice_id, order.id);
  const lines = await linesFromOrder(db, order.items);
  const id = await inTransaction(db, async (tx) => {
    const number = await nextNumber(tx, SERIES, PREFIX);
    const content = buildContent(
      {
        number,
        order_id: order.id,
        order_number: order.number,
        invoice_id: input.invoice_id,
        invoice_number: invoiceNumber,
        customer_id: order.customer_id,
        customer_name: order.customer_name,
        issue_date: today(),
        shipping_marks: '',
        container_number: '',
        seal_number: '',
        port_of_loading: order.port_of_loading,
        port_of_destination: order.port_of_destination,
        remark: '',
      },
      lines,
      order.items,
    );
    const [row] = await tx
      .insert(packingLists)
      .values({
        number,
        orderId: order.id,
        invoiceId: input.invoice_id,
        customerId: order.customer_id,
        ownerId: user.id,
        ...rowTotals(content),
        searchText: searchTextOf(content),
      })
      .returning({ id: packingLists.id });
    await appendVersion(tx, KIND, row!.id, 1, content, 'created', user.id);
    return row!.id;
  });
  return getPackingList(db, id, user);
}

/** The stored lines as input again (the computed figures are recomputed). */
const asInput = (items: readonly PackingLine[]): PackingLineInput[] =>
  items.map(
    ({ cbm: _c, total_net_weight: _n, total_gross_weight: _g, order_quantity: _o, warnings: _w, ...line }) =>
      line,
  );

/**
 * Saves an edit made from `input.version` as version + 1 (earlier versions stay as they were). The
 * warnings compare with the order's current lines. A save from an older version answers 409.
 */
export async function updatePackingList(
  db: Db,
  input: PackingListUpdate,
  user: SessionUser,
): Promise<PackingList> {
  const row = await loadRow(db, input.id, user);
  const stale = () => conflict('packingListStale', { version: row.p.version }, { version: row.p.version });
  if (input.version !== row.p.version) throw stale();
  const before = await loadContent(db, input.id, row.p.version);
  // The order's lines to compare with: read for the packing list, whoever may read the order.
  const order = await getOrderForDocument(db, before.order_id, null);
  const invoiceId = input.invoice_id !== undefined ? input.invoice_id : before.invoice_id;
  const invoiceNumber =
    invoiceId === before.invoice_id ? before.invoice_number : await invoiceNumberOf(db, invoiceId, order.id);
  const content = buildContent(
    {
      number: before.number,
      order_id: before.order_id,
      order_number: order.number,
      invoice_id: invoiceId,
      invoice_number: invoiceNumber,
      customer_id: before.customer_id,
      customer_name: before.customer_name,
      issue_date: input.issue_date ?? before.issue_date,
      shipping_marks: input.shipping_marks ?? before.shipping_marks,
      container_number: input.container_number ?? before.container_number,
      seal_number: input.seal_number ?? before.seal_number,
      port_of_loading: input.port_of_loading ?? before.port_of_loading,
      port_of_destination: input.port_of_destination ?? before.port_of_destination,
      remark: input.remark ?? before.remark,
    },
    input.items ?? asInput(before.items),
    order.items,
  );
  const summary = diffPackingLists(before, content).summary;
  await inTransaction(db, async (tx) => {
    const [saved] = await tx
      .update(packingLists)
      .set({
        version: sql`${packingLists.version} + 1`,
        invoiceId: content.invoice_id,
        ...rowTotals(content),
        searchText: searchTextOf(content),
        updatedAt: new Date(),
      })
      .where(and(eq(packingLists.id, input.id), eq(packingLists.version, input.version)))
      .returning({ version: packingLists.version });
    if (!saved) throw stale();
    await appendVersion(tx, KIND, input.id, saved.version, content, summary, user.id);
  });
  return getPackingList(db, input.id, user);
}

export async function packingListHistory(db: Db, id: number, viewer: Viewer): Promise<PackingListVersion[]> {
  await loadRow(db, id, viewer);
  const rows = await db
    .select({
      version: documentVersions.version,
      content: documentVersions.content,
      summary: documentVersions.summary,
      createdAt: documentVersions.createdAt,
      createdBy: documentVersions.createdBy,
      createdByName: users.name,
    })
    .from(documentVersions)
    .leftJoin(users, eq(users.id, documentVersions.createdBy))
    .where(and(eq(documentVersions.kind, KIND), eq(documentVersions.documentId, id)))
    .orderBy(sql`${documentVersions.version} DESC`);
  const byVersion = new Map(rows.map((r) => [r.version, packingListContent.parse(r.content)]));
  return rows.map((r) => {
    const [before, after] = [byVersion.get(r.version - 1), byVersion.get(r.version)!];
    return {
      version: r.version,
      created_at: r.createdAt.toISOString(),
      created_by: r.createdBy,
      created_by_name: r.createdByName ?? '',
      total_cbm: after.total_cbm,
      total_cartons: after.total_cartons,
      summary: r.summary,
      changes: before ? diffPackingLists(before, after).changes : null,
    };
  });
}

export async function packingListDiff(db: Db, id: number, from: number, to: number, viewer: Viewer) {
  await loadRow(db, id, viewer);
  const [a, b] = await Promise.all([loadContent(db, id, from), loadContent(db, id, to)]);
  return { from: { ...a, version: from }, to: { ...b, version: to }, diff: diffPackingLists(a, b) };
}

/**
 * Deletes packing lists and their versions. A salesperson deletes only those she made; any id she
 * may not read answers 403 like a missing one.
 */
export async function deletePackingLists(db: Db, ids: number[], viewer: Viewer): Promise<number> {
  return inTransaction(db, async (tx) => {
    if (!isAdmin(viewer)) {
      for (const id of new Set(ids)) assertMayDelete(viewer, (await loadRow(tx, id, viewer)).p.ownerId, true);
    }
    const done = await tx
      .delete(packingLists)
      .where(inArray(packingLists.id, ids))
      .returning({ id: packingLists.id });
    await deleteVersions(
      tx,
      KIND,
      done.map((d) => d.id),
    );
    return done.length;
  });
}
