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
import { customerName } from '../../lib/documents/customer-name';
import { containsPattern } from '../../lib/list';
import {
  customerScope,
  invoiceScope,
  mailScope,
  orderScope,
  packingListScope,
  quotationScope,
  type Viewer,
} from '../../lib/scope';
import { customerFilter } from '../customers/service';
import { inquiryFilter } from '../inquiries/service';
import { invoiceFilter } from '../invoices/service';
import { orderFilter } from '../orders/list';
import { packingListFilter } from '../packing-lists/service';
import { productFilter } from '../products/service';
import { quotationFilter } from '../quotations/service';

/** Hits per kind: the palette shows a handful of each, the list behind it has the rest. */
export const HITS_PER_KIND = 5;

type Finder = (db: Db, q: string, viewer: Viewer, kinds: readonly SearchKind[]) => Promise<SearchHit[]>;

/** Candidates a rare word may bring before the inbox is searched for the whole text the usual way. */
const RARE_WORD_CANDIDATES = 1000;

/**
 * The part of a text that is likely rare in mail: its longest run of four or more digits (an order
 * number, a model, an address's number), when the text has more than that. The trigram index reads
 * the posting lists of every trigram of a pattern, and those of a word found in almost every email
 * ("buyer") are long: "buyer 4217" read ~1,300 index pages for 90 rows (33 ms at 1M emails).
 */
export function rarePartOf(q: string): string | null {
  const text = q.trim();
  const runs = (text.match(/\d{4,}/g) ?? []).sort((a, b) => b.length - a.length);
  const part = runs[0];
  return part && part !== text ? part : null;
}

/**
 * The inbox's matches of a text with a rare word: the rows with that word (its few trigrams, one
 * short index read) then the whole text among them. Null when the word is not rare after all
 * (more than RARE_WORD_CANDIDATES rows have it): the caller searches the usual way.
 */
async function inboxByRareWord(db: Db, q: string): Promise<SQL | null> {
  const word = rarePartOf(q);
  if (!word) return null;
  const rows = await db
    .select({ id: emails.id })
    .from(emails)
    .where(
      and(
        isNull(emails.deletedAt),
        eq(emails.folder, 'inbox'),
        sql`${emails.searchText} LIKE ${containsPattern(word)}`,
      ),
    )
    .limit(RARE_WORD_CANDIDATES + 1);
  if (rows.length > RARE_WORD_CANDIDATES) return null;
  return inArray(
    emails.id,
    rows.map((r) => r.id),
  );
}

/**
 * The folder lists' search (search_text) in the two folders mail lives in (inbox, outbox: every
 * folder but drafts and trash). One query per folder, each in the order of its folder index, merged:
 * a common word is found among the newest mail of each folder instead of sorting every match. In the
 * inbox (most of the mail) a text with a rare word is looked for among that word's rows first.
 */
async function findMail(
  db: Db,
  q: string,
  viewer: Viewer,
  kinds: readonly SearchKind[],
): Promise<SearchHit[]> {
  const inFolder = async (folder: 'inbox' | 'outbox') => {
    const among = folder === 'inbox' ? await inboxByRareWord(db, q) : null;
    return db
      .select({
        id: emails.id,
        title: emails.subject,
        subtitle: sql<string>`coalesce(nullif(${emails.fromName}, ''), ${emails.fromAddress})`,
        date: emails.date,
      })
      .from(emails)
      .where(
        and(
          isNull(emails.deletedAt),
          eq(emails.folder, folder),
          mailScope(viewer, emails.accountId),
          // Among a rare word's rows the text is checked on each (strpos: the same "contains" as the
          // LIKE, which the planner would answer from the trigram index again).
          among
            ? and(among, sql`strpos(${emails.searchText}, ${q.toLowerCase()}) > 0`)
            : sql`${emails.searchText} LIKE ${containsPattern(q)}`,
          // An inquiry is listed once, under inquiries, when those are searched too.
          kinds.includes('inquiry') ? ne(emails.type, 'inquiry') : undefined,
        ),
      )
      .orderBy(desc(emails.date), desc(emails.id))
      .limit(HITS_PER_KIND);
  };
  return newestFirst(await Promise.all([inFolder('inbox'), inFolder('outbox')]));
}

/** Merges hit lists of one kind: newest first, each once, at most HITS_PER_KIND. */
function newestFirst(
  lists: { id: number; title: string; subtitle: string | null; date: Date }[][],
): SearchHit[] {
  const seen = new Set<number>();
  return lists
    .flat()
    .sort((a, b) => b.date.getTime() - a.date.getTime() || b.id - a.id)
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .slice(0, HITS_PER_KIND)
    .map(({ id, title, subtitle }) => ({ id, title, subtitle: subtitle ?? '' }));
}

/** Inquiries first looked for among the newest this many (index order, no text index): a common word. */
const RECENT_INQUIRIES = 500;

/**
 * Inquiries: the inquiry list's filter (subject, sender name or address), and those of the
 * customers the customer list finds for the text. A common word is found among the newest
 * RECENT_INQUIRIES in date order; only when that gives too few, all are searched through the
 * trigram index (`search_text` holds subject and sender, so that condition changes no answer; nor
 * does `folder <> 'drafts'`, which lets the inquiries' date index serve: an inquiry is received mail).
 */
async function findInquiries(db: Db, q: string, viewer: Viewer): Promise<SearchHit[]> {
  const subtitle = sql<string>`coalesce(nullif(${customerName}, ''), nullif(${emails.fromName}, ''), ${emails.fromAddress})`;
  const inquiries = and(inquiryFilter(inquiryListQuery.parse({})), ne(emails.folder, 'drafts'));
  const matching = inquiryFilter(inquiryListQuery.parse({ q }));
  const newest = (where: SQL | undefined, limit = HITS_PER_KIND) =>
    db
      .select({ id: emails.id, title: emails.subject, subtitle, date: emails.date })
      .from(emails)
      .leftJoin(customers, eq(customers.id, emails.customerId))
      .where(and(where, ne(emails.folder, 'drafts'), mailScope(viewer, emails.accountId)))
      .orderBy(desc(emails.date), desc(emails.id))
      .limit(limit);
  const recent = db
    .select({ id: emails.id })
    .from(emails)
    .where(inquiries)
    .orderBy(desc(emails.date), desc(emails.id))
    .limit(RECENT_INQUIRIES);
  const found = db
    .select({ id: customers.id })
    .from(customers)
    .where(customerFilter(customerListQuery.parse({ q }), viewer));
  const [common, byCustomer] = await Promise.all([
    newest(and(matching, inArray(emails.id, recent))),
    newest(and(inquiries, inArray(emails.customerId, found))),
  ]);
  const bySender =
    common.length < HITS_PER_KIND
      ? await newest(and(matching, sql`${emails.searchText} LIKE ${containsPattern(q)}`))
      : common;
  return newestFirst([bySender, byCustomer]);
}

type Row = { id: number; title: string; subtitle: string | null };

/**
 * A document whose number is exactly the text (as typed or in capitals, as numbers are made) first,
 * then the newest matches. Two queries, each on an index (the number's, the id's), instead of
 * sorting every match by "is it the number": a common word matches most documents.
 */
async function exactFirst(exact: Promise<Row[]>, newest: Promise<Row[]>): Promise<SearchHit[]> {
  const seen = new Set<number>();
  return (await Promise.all([exact, newest]))
    .flat()
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .slice(0, HITS_PER_KIND)
    .map((r) => ({ ...r, subtitle: r.subtitle ?? '' }));
}

const numberIs = (number: PgColumn, q: string) => inArray(number, [...new Set([q, q.toUpperCase()])]);

type NumberedTable = typeof quotations | typeof orders | typeof invoices | typeof packingLists;

/** A numbered document: the exact number first (by its index), then the newest the list's filter finds. */
function findNumbered(db: Db, q: string, t: NumberedTable, where: SQL | undefined): Promise<SearchHit[]> {
  const rows = (w: SQL | undefined) =>
    db
      .select({ id: t.id, title: t.number, subtitle: customerName })
      // from() takes one table type; the four share every column read here.
      .from(t as typeof quotations)
      .leftJoin(customers, eq(customers.id, t.customerId))
      .where(w)
      .orderBy(desc(t.id))
      .limit(HITS_PER_KIND);
  return exactFirst(rows(and(where, numberIs(t.number, q))), rows(where));
}

/** Each kind searched with its own list's filter (the `q` of that list), so it finds what the list finds. */
const finders: Record<SearchKind, Finder> = {
  customer: async (db, q, viewer) =>
    db
      .select({ id: customers.id, title: customerName, subtitle: customers.email })
      .from(customers)
      .where(
        and(customerFilter(customerListQuery.parse({ q }), viewer), customerScope(viewer, customers.ownerId)),
      )
      // The customer list's own order (newest first), on its index.
      .orderBy(sql`${customers.createdAt} DESC NULLS LAST, ${customers.id} DESC NULLS LAST`)
      .limit(HITS_PER_KIND),
  email: findMail,
  inquiry: findInquiries,
  quotation: (db, q, viewer) =>
    findNumbered(
      db,
      q,
      quotations,
      and(quotationFilter(quotationListQuery.parse({ q })), quotationScope(viewer)),
    ),
  order: (db, q, viewer) =>
    findNumbered(db, q, orders, and(orderFilter(orderListQuery.parse({ q })), orderScope(viewer))),
  invoice: (db, q, viewer) =>
    findNumbered(db, q, invoices, and(invoiceFilter(invoiceListQuery.parse({ q })), invoiceScope(viewer))),
  packing_list: (db, q, viewer) =>
    findNumbered(
      db,
      q,
      packingLists,
      and(packingListFilter(packingListQuery.parse({ q })), packingListScope(viewer)),
    ),
  product: async (db, q) => {
    const where = await productFilter(db, productListQuery.parse({ q }));
    const rows = (w: SQL | undefined) =>
      db
        .select({ id: products.id, title: products.name, subtitle: products.model })
        .from(products)
        .where(w)
        .orderBy(desc(products.id))
        .limit(HITS_PER_KIND);
    // The model's index (lower(model), live products with a model).
    const model = and(sql`lower(${products.model}) = ${q.toLowerCase()}`, ne(products.model, ''));
    return exactFirst(rows(and(where, model)), rows(where));
  },
};

/**
 * Searches the kinds the viewer may list, all at once, each narrowed to the records she may open
 * (lib/scope.ts: customers, mail and inquiries, documents; products are everyone's); kinds without a
 * hit are left out.
 */
export async function searchEverywhere(
  db: Db,
  q: string,
  viewer: Viewer,
  kinds: readonly SearchKind[],
): Promise<SearchAnswer> {
  const found = await Promise.all(
    kinds.map(async (kind) => ({ kind, items: await finders[kind](db, q, viewer, kinds) })),
  );
  return { groups: found.filter((g) => g.items.length > 0) };
}
