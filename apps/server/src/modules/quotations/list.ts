import {
  type ListAnswer,
  type QuotationListItem,
  type QuotationListQuery,
  type QuotationStatus,
  roundMoney,
} from '@quayside/contract';
import { and, count, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, documentVersions, quotations, users } from '../../db/schema';
import { customerName } from '../../lib/documents/customer-name';
import { containsPattern, offsetOf, orderBy } from '../../lib/list';
import { quotationScope, type Viewer } from '../../lib/scope';
import { KIND, statusSql } from './rows';

type Row = typeof quotations.$inferSelect;

const sortColumns = {
  number: quotations.number,
  total: quotations.total,
  valid_until: quotations.validUntil,
  created_at: quotations.createdAt,
  updated_at: quotations.updatedAt,
};

/**
 * The list's filter; with a `viewer`, narrowed to the quotations she may read (lib/scope.ts), as every
 * read path must be (list, export, search, dashboard).
 */
export function quotationFilter(query: QuotationListQuery, viewer?: Viewer): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (viewer) where.push(quotationScope(viewer));
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
  viewer: Viewer,
): Promise<ListAnswer<QuotationListItem>> {
  const where = quotationFilter(query, viewer);
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

/** Quotations the viewer may read whose current version has a line with the product, newest first. */
export async function quotationsUsingProduct(
  db: Db,
  productId: number,
  viewer: Viewer,
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
    .where(and(sql`${documentVersions.content}->'items' @> ${line}::jsonb`, quotationScope(viewer)))
    .orderBy(sql`${quotations.updatedAt} DESC`, sql`${quotations.id} DESC`)
    .limit(limit);
  return rows.map(listItem);
}
