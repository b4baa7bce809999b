import {
  customerListQuery,
  invoiceListQuery,
  orderListQuery,
  packingListQuery,
  productListQuery,
  quotationListQuery,
  type SearchAnswer,
  type SearchHit,
  type SearchKind,
} from '@quayside/contract';
import { and, desc, isNull, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { customers, emails, invoices, orders, packingLists, products, quotations } from '../../db/schema';
import { containsPattern } from '../../lib/list';
import { customerFilter } from '../customers/service';
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

type Finder = (db: Db, q: string, viewer: { id: number }) => Promise<SearchHit[]>;

/** Each kind searched with its own list's filter (the `q` of that list), so it finds what the list finds. */
const finders: Record<SearchKind, Finder> = {
  customer: async (db, q, viewer) =>
    db
      .select({ id: customers.id, title: customerName, subtitle: customers.email })
      .from(customers)
      .where(customerFilter(customerListQuery.parse({ q }), viewer))
      .orderBy(desc(customers.updatedAt), desc(customers.id))
      .limit(HITS_PER_KIND),
  email: async (db, q) =>
    db
      .select({
        id: emails.id,
        title: emails.subject,
        subtitle: sql<string>`coalesce(nullif(${emails.fromName}, ''), ${emails.fromAddress})`,
      })
      .from(emails)
      // The folder lists' search (search_text), over every folder but drafts and trash.
      .where(
        and(
          sql`${emails.searchText} LIKE ${containsPattern(q)}`,
          isNull(emails.deletedAt),
          ne(emails.folder, 'trash'),
          ne(emails.folder, 'drafts'),
        ),
      )
      .orderBy(desc(emails.date), desc(emails.id))
      .limit(HITS_PER_KIND),
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
    kinds.map(async (kind) => ({ kind, items: await finders[kind](db, q, viewer) })),
  );
  return { groups: found.filter((g) => g.items.length > 0) };
}
