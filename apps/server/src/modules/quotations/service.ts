import {
  diffDocuments,
  documentParts,
  documentTotals,
  type Picture,
  QUOTATION_DIFF_FIELDS,
  type Quotation,
  type QuotationContent,
  type QuotationCreate,
  type QuotationUpdate,
  withAmounts,
} from '@quayside/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inquiryStates, quotations } from '../../db/schema';
import { assertLinePictures, assertMayDelete, assertMayMakeFor } from '../../lib/documents/access';
import { customerNameOf } from '../../lib/documents/customer-name';
import { nextNumber } from '../../lib/documents/numbering';
import { appendVersion, deleteVersions } from '../../lib/documents/versions';
import { conflict, invalid } from '../../lib/errors';
import { isAdmin, type Viewer } from '../../lib/scope';
import type { SessionUser } from '../../lib/sessions';
import { picturesOf, picturesOfProducts } from '../products/pictures';
import { getCompanySettings } from '../settings/service';
import { assertInquiryReadable, KIND, type LoadedRow, loadContent, loadRow } from './rows';

// The list, its filter and the history live beside this file; other modules import them from here.
export { quotationDiff, quotationHistory } from './history';
export { listQuotations, quotationFilter, quotationsUsingProduct } from './list';

/**
 * Quotations: read, made and changed within the document rule (lib/scope.ts): admin every one; a
 * salesperson those she owns or whose customer she owns, and she makes them for her own customers
 * only; an editor those she made (any customer). docs/decisions/who-sees-what.md.
 */

type Editable = Omit<QuotationCreate, never>;

/** A product line without a picture of its own shows the product's cover (PDF, spreadsheet). */
async function withCovers(db: Db, input: Editable): Promise<Editable> {
  const productIds = [
    ...new Set(
      input.items.flatMap((i) => (i.product_id !== null && i.picture_file_id === null ? [i.product_id] : [])),
    ),
  ];
  if (productIds.length === 0) return input;
  const covers = await picturesOfProducts(db, productIds);
  return {
    ...input,
    items: input.items.map((i) =>
      i.product_id !== null && i.picture_file_id === null
        ? { ...i, picture_file_id: covers.get(i.product_id)?.[0]?.file_id ?? null }
        : i,
    ),
  };
}

/** A version's whole content: amounts and totals computed here, exactly (big.js). */
function buildContent(number: string, customer: string, input: Editable): QuotationContent {
  const items = withAmounts(input.items, input.currency);
  const { subtotal, total } = documentTotals(items, input.discount, input.shipping_cost, input.currency);
  if (total.startsWith('-')) throw invalid('discount', 'quotationNegativeTotal');
  return {
    number,
    customer_id: input.customer_id,
    customer_name: customer,
    inquiry_email_id: input.inquiry_email_id,
    contact_name: input.contact_name,
    contact_email: input.contact_email,
    currency: input.currency,
    trade_term: input.trade_term,
    port_of_loading: input.port_of_loading,
    port_of_destination: input.port_of_destination,
    payment_terms: input.payment_terms,
    lead_time: input.lead_time,
    valid_until: input.valid_until,
    items,
    discount: input.discount,
    shipping_cost: input.shipping_cost,
    subtotal,
    total,
    remark: input.remark,
  };
}

const searchTextOf = (c: QuotationContent) =>
  [
    c.number,
    c.customer_name,
    c.contact_name,
    c.contact_email,
    ...c.items.flatMap((i) => [i.model, i.description]),
  ]
    .join(' ')
    .toLowerCase();

function toQuotation(row: LoadedRow, content: QuotationContent, pictures: Map<number, Picture>): Quotation {
  return {
    ...content,
    thumb_urls: Object.fromEntries([...pictures].map(([fileId, p]) => [String(fileId), p.thumb_url])),
    id: row.q.id,
    status: row.status,
    version: row.q.version,
    owner_id: row.q.ownerId,
    owner_name: row.ownerName ?? '',
    created_at: row.q.createdAt.toISOString(),
    updated_at: row.q.updatedAt.toISOString(),
  };
}

export async function getQuotation(
  db: Db,
  id: number,
  user: SessionUser,
  version?: number,
): Promise<Quotation> {
  const row = await loadRow(db, id, user);
  const content = await loadContent(db, id, version ?? row.q.version);
  const pictureIds = content.items.flatMap((i) => (i.picture_file_id ? [i.picture_file_id] : []));
  return toQuotation(row, content, await picturesOf(db, [...new Set(pictureIds)]));
}

/** An inquiry that gets a quotation moves from new to quoted (a won or lost one stays). */
async function markInquiryQuoted(tx: Db, emailId: number | null, userId: number): Promise<void> {
  if (emailId === null) return;
  await tx
    .insert(inquiryStates)
    .values({ emailId, state: 'quoted', updatedBy: userId })
    .onConflictDoUpdate({
      target: inquiryStates.emailId,
      set: { state: 'quoted', updatedBy: userId, updatedAt: new Date() },
      setWhere: sql`${inquiryStates.state} = 'new'`,
    });
}

export async function createQuotation(db: Db, given: QuotationCreate, user: SessionUser): Promise<Quotation> {
  await assertMayMakeFor(db, user, given.customer_id);
  await assertLinePictures(db, user, given.items);
  const input = await withCovers(db, given);
  const customer = await customerNameOf(db, input.customer_id);
  await assertInquiryReadable(db, input.inquiry_email_id, user);
  const { quotation_prefix: prefix } = await getCompanySettings(db);
  const id = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const number = await nextNumber(tx, KIND, prefix);
    const content = buildContent(number, customer, input);
    const [row] = await tx
      .insert(quotations)
      .values({
        number,
        customerId: input.customer_id,
        inquiryEmailId: input.inquiry_email_id,
        ownerId: user.id,
        currency: content.currency,
        total: content.total,
        validUntil: content.valid_until,
        searchText: searchTextOf(content),
      })
      .returning({ id: quotations.id });
    await appendVersion(tx, KIND, row!.id, 1, content, 'created', user.id);
    await markInquiryQuoted(tx, input.inquiry_email_id, user.id);
    return row!.id;
  });
  return getQuotation(db, id, user);
}

const CONTENT_KEYS = [
  'customer_id',
  'inquiry_email_id',
  ...documentParts.termsFields,
  'lead_time',
  'valid_until',
  'items',
  'discount',
  'shipping_cost',
  'remark',
] as const;

/**
 * Saves an edit made from `input.version`. Content changes append version + 1 (the earlier stay as
 * they were); a status alone changes no content and makes no version. A save from a version that is
 * no longer the latest answers 409 CONFLICT.
 */
export async function updateQuotation(db: Db, input: QuotationUpdate, user: SessionUser): Promise<Quotation> {
  const row = await loadRow(db, input.id, user);
  const stale = () => conflict('quotationStale', { version: row.q.version }, { version: row.q.version });
  if (input.version !== row.q.version) throw stale();
  const before = await loadContent(db, input.id, row.q.version);
  if (input.customer_id !== undefined && input.customer_id !== before.customer_id)
    await assertMayMakeFor(db, user, input.customer_id);
  await assertLinePictures(db, user, input.items, before.items);
  const changesContent = CONTENT_KEYS.some((k) => input[k] !== undefined);
  if (!changesContent) {
    if (input.status !== undefined) {
      await db
        .update(quotations)
        .set({ status: input.status, updatedAt: new Date() })
        .where(eq(quotations.id, input.id));
    }
    return getQuotation(db, input.id, user);
  }
  const merged: Editable = {
    customer_id: input.customer_id ?? before.customer_id,
    inquiry_email_id: input.inquiry_email_id !== undefined ? input.inquiry_email_id : before.inquiry_email_id,
    contact_name: input.contact_name ?? before.contact_name,
    contact_email: input.contact_email ?? before.contact_email,
    currency: input.currency ?? before.currency,
    trade_term: input.trade_term !== undefined ? input.trade_term : before.trade_term,
    port_of_loading: input.port_of_loading ?? before.port_of_loading,
    port_of_destination: input.port_of_destination ?? before.port_of_destination,
    payment_terms: input.payment_terms ?? before.payment_terms,
    lead_time: input.lead_time ?? before.lead_time,
    valid_until: input.valid_until !== undefined ? input.valid_until : before.valid_until,
    items: input.items ?? before.items,
    discount: input.discount ?? before.discount,
    shipping_cost: input.shipping_cost ?? before.shipping_cost,
    remark: input.remark ?? before.remark,
  };
  if (input.items) Object.assign(merged, await withCovers(db, merged));
  const customer =
    merged.customer_id === before.customer_id
      ? before.customer_name
      : await customerNameOf(db, merged.customer_id);
  if (merged.inquiry_email_id !== before.inquiry_email_id)
    await assertInquiryReadable(db, merged.inquiry_email_id, user);
  const content = buildContent(row.q.number, customer, merged);
  const summary = diffDocuments(before, content, QUOTATION_DIFF_FIELDS).summary;
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [saved] = await tx
      .update(quotations)
      .set({
        version: sql`${quotations.version} + 1`,
        customerId: content.customer_id,
        inquiryEmailId: content.inquiry_email_id,
        currency: content.currency,
        total: content.total,
        validUntil: content.valid_until,
        searchText: searchTextOf(content),
        ...(input.status !== undefined ? { status: input.status } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(quotations.id, input.id), eq(quotations.version, input.version)))
      .returning({ version: quotations.version });
    if (!saved) throw stale();
    await appendVersion(tx, KIND, input.id, saved.version, content, summary, user.id);
    await markInquiryQuoted(tx, content.inquiry_email_id, user.id);
  });
  return getQuotation(db, input.id, user);
}

/** "Restore as new version": the content of `from_version` saved as the next version. */
export async function restoreVersion(
  db: Db,
  input: { id: number; version: number; from_version: number },
  user: SessionUser,
): Promise<Quotation> {
  await loadRow(db, input.id, user);
  const old = await loadContent(db, input.id, input.from_version);
  const { number: _n, customer_name: _c, subtotal: _s, total: _t, items, ...fields } = old;
  return updateQuotation(db, { ...fields, items, id: input.id, version: input.version }, user);
}

/**
 * Deletes quotations and their versions. A salesperson (an editor too) deletes only her own drafts
 * (never sent); any id she may not read answers 403 like a missing one, and nothing is deleted.
 */
export async function deleteQuotations(db: Db, ids: number[], viewer: Viewer): Promise<number> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (!isAdmin(viewer)) {
      for (const id of new Set(ids)) {
        const row = await loadRow(tx, id, viewer);
        assertMayDelete(viewer, row.q.ownerId, row.q.status === 'draft' && !row.sent);
      }
    }
    const done = await tx
      .delete(quotations)
      .where(inArray(quotations.id, ids))
      .returning({ id: quotations.id });
    await deleteVersions(
      tx,
      KIND,
      done.map((d) => d.id),
    );
    return done.length;
  });
}
