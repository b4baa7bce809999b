import {
  diffDocuments,
  documentParts,
  documentTotals,
  type ListAnswer,
  type Picture,
  QUOTATION_DIFF_FIELDS,
  type Quotation,
  type QuotationContent,
  type QuotationCreate,
  type QuotationListItem,
  type QuotationListQuery,
  type QuotationStatus,
  type QuotationUpdate,
  type QuotationVersion,
  quotationContent,
  roundMoney,
  withAmounts,
} from '@quayside/contract';
import { and, count, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  customers,
  documentVersions,
  emails,
  inquiryStates,
  quotationEmails,
  quotations,
  users,
} from '../../db/schema';
import { nextNumber } from '../../lib/documents/numbering';
import { appendVersion, deleteVersions, readVersion, versionHistory } from '../../lib/documents/versions';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors';
import { containsPattern, offsetOf, orderBy } from '../../lib/list';
import type { SessionUser } from '../../lib/sessions';
import { picturesOf, picturesOfProducts } from '../products/pictures';
import { getCompanySettings } from '../settings/service';

type Row = typeof quotations.$inferSelect;
const KIND = 'quotation';

/**
 * `expired` and `sent` are not stored: a draft reads as sent once a mail with its PDF has left, and a
 * draft or sent quotation past its valid_until reads as expired.
 */
const sentSql = sql`EXISTS (SELECT 1 FROM quotation_emails qe JOIN emails e ON e.id = qe.email_id WHERE qe.quotation_id = ${quotations.id} AND e.send_status = 'sent')`;
const statusSql = sql<QuotationStatus>`CASE WHEN ${quotations.status} IN ('draft', 'sent') AND ${quotations.validUntil} < current_date THEN 'expired' WHEN ${quotations.status} = 'draft' AND ${sentSql} THEN 'sent' ELSE ${quotations.status} END`;
const customerName = sql<string>`coalesce(nullif(${customers.companyName}, ''), ${customers.name})`;

const isAdmin = (user: SessionUser) => user.roles.includes('admin');

/** An editor works the quotations she owns; an admin every one. */
function assertMayWork(user: SessionUser, row: Pick<Row, 'ownerId'>): void {
  if (!isAdmin(user) && row.ownerId !== user.id) throw forbidden();
}

async function loadRow(db: Db, id: number) {
  const [row] = await db
    .select({ q: quotations, status: statusSql, ownerName: users.name })
    .from(quotations)
    .leftJoin(users, eq(users.id, quotations.ownerId))
    .where(eq(quotations.id, id));
  if (!row) throw notFound('thingQuotation');
  return row;
}

async function loadContent(db: Db, id: number, version: number): Promise<QuotationContent> {
  const stored = await readVersion(db, KIND, id, version);
  if (!stored) throw notFound('thingQuotationVersion');
  return quotationContent.parse(stored);
}

async function customerNameOf(db: Db, id: number): Promise<string> {
  const [row] = await db
    .select({ name: customerName })
    .from(customers)
    .where(and(eq(customers.id, id), sql`${customers.deletedAt} IS NULL`));
  if (!row) throw invalid('customer_id', 'recordNotFound', { thing: 'thingCustomer' });
  return row.name;
}

async function assertInquiryExists(db: Db, id: number | null): Promise<void> {
  if (id === null) return;
  const [row] = await db.select({ id: emails.id }).from(emails).where(eq(emails.id, id));
  if (!row) throw invalid('inquiry_email_id', 'recordNotFound', { thing: 'thingInquiry' });
}

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

function toQuotation(
  row: Awaited<ReturnType<typeof loadRow>>,
  content: QuotationContent,
  pictures: Map<number, Picture>,
): Quotation {
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
  const row = await loadRow(db, id);
  assertMayWork(user, row.q);
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
  const input = await withCovers(db, given);
  const customer = await customerNameOf(db, input.customer_id);
  await assertInquiryExists(db, input.inquiry_email_id);
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
  const row = await loadRow(db, input.id);
  assertMayWork(user, row.q);
  const stale = () => conflict('quotationStale', { version: row.q.version }, { version: row.q.version });
  if (input.version !== row.q.version) throw stale();
  const before = await loadContent(db, input.id, row.q.version);
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
    await assertInquiryExists(db, merged.inquiry_email_id);
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
  const old = await loadContent(db, input.id, input.from_version);
  const { number: _n, customer_name: _c, subtotal: _s, total: _t, items, ...fields } = old;
  return updateQuotation(db, { ...fields, items, id: input.id, version: input.version }, user);
}

export async function quotationHistory(db: Db, id: number): Promise<QuotationVersion[]> {
  await loadRow(db, id);
  const [versions, sent] = await Promise.all([
    versionHistory(
      db,
      KIND,
      id,
      (c) => quotationContent.parse(c),
      (before, after) => diffDocuments(before, after, QUOTATION_DIFF_FIELDS).changes,
    ),
    db
      .select({ version: quotationEmails.version, emailId: quotationEmails.emailId })
      .from(quotationEmails)
      .where(eq(quotationEmails.quotationId, id)),
  ]);
  return versions.map((v) => ({
    ...v,
    email_ids: sent.filter((s) => s.version === v.version).map((s) => s.emailId),
  }));
}

export async function quotationDiff(db: Db, id: number, from: number, to: number) {
  await loadRow(db, id);
  const [a, b] = await Promise.all([loadContent(db, id, from), loadContent(db, id, to)]);
  return {
    from: { ...a, version: from },
    to: { ...b, version: to },
    diff: diffDocuments(a, b, QUOTATION_DIFF_FIELDS),
  };
}

const sortColumns = {
  number: quotations.number,
  total: quotations.total,
  valid_until: quotations.validUntil,
  created_at: quotations.createdAt,
  updated_at: quotations.updatedAt,
};

export function quotationFilter(query: QuotationListQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (query.q) where.push(sql`${quotations.searchText} LIKE ${containsPattern(query.q)}`);
  if (query.status?.length) where.push(inArray(statusSql, query.status));
  if (query.customer_id) where.push(eq(quotations.customerId, query.customer_id));
  if (query.owner_id) where.push(eq(quotations.ownerId, query.owner_id));
  if (query.inquiry_email_id) where.push(eq(quotations.inquiryEmailId, query.inquiry_email_id));
  if (query.currency?.length) where.push(inArray(quotations.currency, query.currency));
  if (query.date_from) where.push(gte(quotations.createdAt, new Date(`${query.date_from}T00:00:00Z`)));
  if (query.date_to)
    where.push(lt(quotations.createdAt, new Date(Date.parse(`${query.date_to}T00:00:00Z`) + 86_400_000)));
  return and(...where);
}

type ListRow = { q: Row; status: QuotationStatus; ownerName: string | null; customerName: string | null };
const listItem = (r: ListRow): QuotationListItem => ({
  id: r.q.id,
  number: r.q.number,
  customer_id: r.q.customerId,
  customer_name: r.customerName ?? '',
  inquiry_email_id: r.q.inquiryEmailId,
  currency: r.q.currency,
  total: roundMoney(r.q.total, r.q.currency),
  status: r.status,
  version: r.q.version,
  valid_until: r.q.validUntil,
  owner_id: r.q.ownerId,
  owner_name: r.ownerName ?? '',
  created_at: r.q.createdAt.toISOString(),
  updated_at: r.q.updatedAt.toISOString(),
});

export async function listQuotations(
  db: Db,
  query: QuotationListQuery,
): Promise<ListAnswer<QuotationListItem>> {
  const where = quotationFilter(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ q: quotations, status: statusSql, ownerName: users.name, customerName })
      .from(quotations)
      .leftJoin(users, eq(users.id, quotations.ownerId))
      .leftJoin(customers, eq(customers.id, quotations.customerId))
      .where(where)
      .orderBy(...orderBy(query.sort, sortColumns, '-updated_at', quotations.id))
      .limit(query.page_size)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(quotations).where(where),
  ]);
  return {
    items: rows.map(listItem),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

/** Quotations whose current version has a line with the product, newest first. */
export async function quotationsUsingProduct(
  db: Db,
  productId: number,
  limit = 20,
): Promise<QuotationListItem[]> {
  const line = JSON.stringify([{ product_id: productId }]);
  const rows = await db
    .select({ q: quotations, status: statusSql, ownerName: users.name, customerName })
    .from(quotations)
    .innerJoin(
      documentVersions,
      and(
        eq(documentVersions.kind, KIND),
        eq(documentVersions.documentId, quotations.id),
        eq(documentVersions.version, quotations.version),
      ),
    )
    .leftJoin(users, eq(users.id, quotations.ownerId))
    .leftJoin(customers, eq(customers.id, quotations.customerId))
    .where(sql`${documentVersions.content}->'items' @> ${line}::jsonb`)
    .orderBy(sql`${quotations.updatedAt} DESC`, sql`${quotations.id} DESC`)
    .limit(limit);
  return rows.map(listItem);
}

export async function deleteQuotations(db: Db, ids: number[]): Promise<number> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
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
