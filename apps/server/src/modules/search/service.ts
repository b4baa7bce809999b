import {
  customerListQuery,
  inquiryListQuery,
  invoiceListQuery,
  orderListQuery,
  packingListQuery,
  productListQuery,
  quotationListQuery,
  type SearchAnswer,
  type SearchHit,
  type SearchKind,
} from '@quayside/contract';
import { and, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { customers, emails, invoices, orders, packingLists, products, quotations } from '../../db/schema';
import { containsPattern } from '../../lib/list';
import { customerFilter } from '../customers/service';
import { inquiryFilter } from '../inquiries/service';
import { invoiceFilter } from '../invoices/service';
import { orderFilter } from '../orders/list';
import { packingListFilter } from '../packing-lists/service';
import { productFilter } from '../products/service';
import { quotationFilter } from '../quotations/service';

/** Hits per kind: the palette shows a handful of each, the list behind it has the rest. */
export const HITS_PER_KIND = 5;

const customerName = sql<string>`coalesce(nullif(${customers.companyName}, ''), ${customers.name})`;

/** A document whose number is exactly what was typed comes first, then the newest. */
const numberFirst = (number: PgColumn, q: string) => sql`lower(${number}) = ${q.toLowerCase()} DESC`;

type Finder = (
  db: Db,
  q: string,
  viewer: { id: number },
  kinds: readonly SearchKind[],
) => Promise<SearchHit[]>;

/** The folder lists' search (search_text), over every folder but drafts and trash. */
const mailFilter = (q: string): SQL | undefined =>
  and(
    sql`${emails.searchText} LIKE ${containsPattern(q)}`,
    isNull(emails.deletedAt),
    ne(emails.folder, 'trash'),
    ne(emails.folder, 'drafts'),
  );

/**
 * Inquiries: the inquiry list's filter (subject, sender name or address), and those of the
 * customers the customer list finds for the text. `search_text` (which holds subject and sender)
 * and `folder <> 'drafts'` (an inquiry is received mail) change no answer; they let the database
 * use the trigram index and the inquiries' date index.
 */
async function findInquiries(db: Db, q: string, viewer: { id: number }): Promise<SearchHit[]> {
  const subtitle = sql<string>`coalesce(nullif(${customerName}, ''), nullif(${emails.fromName}, ''), ${emails.fromAddress})`;
  const newestFirst = (where: SQL | undefined) =>
    db
      .select({ id: emails.id, title: emails.subject, subtitle, date: emails.date })
      .from(emails)
      .leftJoin(customers, eq(customers.id, emails.customerId))
      .where(and(where, ne(emails.folder, 'drafts')))
      .orderBy(desc(emails.date), desc(emails.id))
      .limit(HITS_PER_KIND);
  const found = db
    .select({ id: customers.id })
    .from(customers)
    .where(customerFilter(customerListQuery.parse({ q }), viewer));
  const [bySender, byCustomer] = await Promise.all([
    newestFirst(
      and(inquiryFilter(inquiryListQuery.parse({ q })), sql`${emails.searchText} LIKE ${containsPattern(q)}`),
    ),
    newestFirst(and(inquiryFilter(inquiryListQuery.parse({})), inArray(emails.customerId, found))),
  ]);
  const seen = new Set<number>();
  return [...bySender, ...byCustomer]
    .sort((a, b) => b.date.getTime() - a.date.getTime() || b.id - a.id)
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .slice(0, HITS_PER_KIND)
    .map(({ id, title, subtitle }) => ({ id, title, subtitle: subtitle ?? '' }));
}

/** Each kind searched with its own list's filter (the `q` of that list), so it finds what the list finds. */
const finders: Record<SearchKind, Finder> = {
  customer: async (db, q, viewer) =>
    db
      .select({ id: customers.id, title: customerName, subtitle: customers.email })
      .from(customers)
      .where(customerFilter(customerListQuery.parse({ q }), viewer))
      .orderBy(desc(customers.updatedAt), desc(customers.id))
      .limit(HITS_PER_KIND),
  email: async (db, q, _viewer, kinds) =>
    db
      .select({
        id: emails.id,
        title: emails.subject,
        subtitle: sql<string>`coalesce(nullif(${emails.fromName}, ''), ${emails.fromAddress})`,
      })
      .from(emails)
      // An inquiry is listed once, under inquiries, when those are searched too.
      .where(and(mailFilter(q), kinds.includes('inquiry') ? ne(emails.type, 'inquiry') : undefined))
      .orderBy(desc(emails.date), desc(emails.id))
      .limit(HITS_PER_KIND),
  inquiry: findInquiries,
  quotation: async (db, q) =>
    db
      .select({ id: quotations.id, title: quotations.number, subtitle: customerName })
      .from(quotations)
      .leftJoin(customers, sql`${customers.id} = ${quotations.customerId}`)
      .where(quotationFilter(quotationListQuery.parse({ q })))
      .orderBy(numberFirst(quotations.number, q), desc(quotations.id))
      .limit(HITS_PER_KIND)
      .then(nullFree),
  order: async (db, q) =>
    db
      .select({ id: orders.id, title: orders.number, subtitle: customerName })
      .from(orders)
      .leftJoin(customers, sql`${customers.id} = ${orders.customerId}`)
      .where(orderFilter(orderListQuery.parse({ q })))
      .orderBy(numberFirst(orders.number, q), desc(orders.id))
      .limit(HITS_PER_KIND)
      .then(nullFree),
  invoice: async (db, q) =>
    db
      .select({ id: invoices.id, title: invoices.number, subtitle: customerName })
      .from(invoices)
      .leftJoin(customers, sql`${customers.id} = ${invoices.customerId}`)
      .where(invoiceFilter(invoiceListQuery.parse({ q })))
      .orderBy(numberFirst(invoices.number, q), desc(invoices.id))
      .limit(HITS_PER_KIND)
      .then(nullFree),
  packing_list: async (db, q) =>
    db
      .select({ id: packingLists.id, title: packingLists.number, subtitle: customerName })
      .from(packingLists)
      .leftJoin(customers, sql`${customers.id} = ${packingLists.customerId}`)
      .where(packingListFilter(packingListQuery.parse({ q })))
      .orderBy(numberFirst(packingLists.number, q), desc(packingLists.id))
      .limit(HITS_PER_KIND)
      .then(nullFree),
  product: async (db, q) =>
    db
      .select({ id: products.id, title: products.name, subtitle: products.model })
      .from(products)
      .where(await productFilter(db, productListQuery.parse({ q })))
      .orderBy(numberFirst(products.model, q), desc(products.id))
      .limit(HITS_PER_KIND),
};

function nullFree(rows: { id: number; title: string; subtitle: string | null }[]): SearchHit[] {
  return rows.map((r) => ({ ...r, subtitle: r.subtitle ?? '' }));
}

/** Searches the kinds the viewer may list, all at once; kinds without a hit are left out. */
export async function searchEverywhere(
  db: Db,
  q: string,
  viewer: { id: number },
  kinds: readonly SearchKind[],
): Promise<SearchAnswer> {
  const found = await Promise.all(
    kinds.map(async (kind) => ({ kind, items: await finders[kind](db, q, viewer, kinds) })),
  );
  return { groups: found.filter((g) => g.items.length > 0) };
}
