import type {
  EmailDetail,
  EmailFolder,
  EmailHistoryQuery,
  EmailListItem,
  EmailListQuery,
  ListAnswer,
} from '@quayside/contract';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, emailAddresses, emailAttachments, emails } from '../../db/schema';
import { forbidden, invalid } from '../../lib/errors';
import type { EventHub } from '../../lib/events';
import { sortColumn } from '../../lib/list';
import {
  isSalesOnly,
  mailScope,
  mayReadCustomer,
  mayReadMail,
  missing,
  readableCustomers,
  type Viewer,
} from '../../lib/scope';
import type { SessionUser } from '../../lib/sessions';
import { findCustomerCards, findCustomersByEmails, searchCustomerContacts } from '../customers/matching';
import { linkInlineImages, sanitizeEmailHtml } from './sanitize';
import { selectListRows, toListItems } from './serialize';
import { publishUnread } from './unread';

const like = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

function folderFilter(folder: EmailFolder): SQL | undefined {
  switch (folder) {
    case 'inquiry':
    case 'quotation':
      return and(eq(emails.type, folder), ne(emails.folder, 'trash'), ne(emails.folder, 'drafts'));
    default:
      return eq(emails.folder, folder);
  }
}

/** `YYYY-MM-DD` is a whole day: as an upper bound it takes in that day. */
function dayBound(value: string, end: boolean): Date {
  const date = new Date(value);
  if (end && /^\d{4}-\d{2}-\d{2}$/.test(value)) date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

export function listFilters(query: EmailListQuery): SQL[] {
  const f: (SQL | undefined)[] = [isNull(emails.deletedAt), folderFilter(query.folder)];
  if (query.q) f.push(sql`${emails.searchText} LIKE ${like(query.q)}`);
  if (query.from) {
    // search_text holds both fields (lowercased): as a first condition it lets the trigram index find
    // a rare sender's mail instead of reading the folder in date order (1M mails: 0.96 s → ms).
    f.push(sql`${emails.searchText} LIKE ${like(query.from)}`);
    f.push(
      or(
        sql`${emails.fromAddress} LIKE ${like(query.from)}`,
        sql`lower(${emails.fromName}) LIKE ${like(query.from)}`,
      ),
    );
  }
  if (query.date_from) f.push(gte(emails.date, dayBound(query.date_from, false)));
  if (query.date_to) {
    const end = dayBound(query.date_to, true);
    f.push(/^\d{4}-\d{2}-\d{2}$/.test(query.date_to) ? lt(emails.date, end) : sql`${emails.date} <= ${end}`);
  }
  if (query.type) f.push(eq(emails.type, query.type));
  if (query.status) f.push(eq(emails.status, query.status));
  if (query.handler_id) f.push(eq(emails.handlerId, query.handler_id));
  if (query.is_read !== undefined) f.push(eq(emails.isRead, query.is_read));
  if (query.has_attachment !== undefined) f.push(eq(emails.hasAttachment, query.has_attachment));
  if (query.account_id) f.push(eq(emails.accountId, query.account_id));
  if (query.customer_id) f.push(eq(emails.customerId, query.customer_id));
  return f.filter((x): x is SQL => x !== undefined);
}

const sortable = { date: emails.date, created_at: emails.createdAt, subject: emails.subject } as const;

function orderOf(sort: string | undefined) {
  const column = sortColumn(sortable, sort ?? '-date') ?? emails.date;
  return sort && !sort.startsWith('-') ? [asc(column), asc(emails.id)] : [desc(column), desc(emails.id)];
}

/**
 * Totals are counted up to a cap: an exact count reads every matching row (a 1M-mail inbox: 880k
 * index entries, 0.2–0.5 s), while the page itself reads 20. Up to `COUNT_CAP` rows, or ten pages past
 * the one asked for when that is further, the total is exact; past it the answer says
 * `total_capped: true` and `total` is a lower bound ("10,000+"). Always fresh, so nothing has to
 * drop it when mail arrives or moves (docs/decisions/email.md).
 */
export const COUNT_CAP = 10_000;

async function cappedCount(db: Db, where: SQL | undefined, cap: number): Promise<number> {
  const matching = db
    .select({ id: emails.id })
    .from(emails)
    .where(where)
    .limit(cap + 1)
    .as('matching');
  const [row] = await db.select({ n: count() }).from(matching);
  return row?.n ?? 0;
}

async function page(
  db: Db,
  viewer: Viewer,
  where: SQL | undefined,
  query: { page: number; page_size: number; sort?: string },
): Promise<ListAnswer<EmailListItem>> {
  const offset = (query.page - 1) * query.page_size;
  const rows = await selectListRows(db)
    .where(where)
    .orderBy(...orderOf(query.sort))
    .limit(query.page_size)
    .offset(offset);
  // A page that is not full is the last one: it tells the total, no count needed (a search with a
  // few hits would otherwise run twice).
  const last = rows.length < query.page_size && (rows.length > 0 || offset === 0);
  const cap = Math.max(COUNT_CAP, offset + 10 * query.page_size);
  const [items, n] = await Promise.all([
    toListItems(db, rows, viewer),
    last ? offset + rows.length : cappedCount(db, where, cap),
  ]);
  return {
    items,
    total: Math.min(n, cap),
    total_capped: n > cap,
    page: query.page,
    page_size: query.page_size,
  };
}

/**
 * A folder list: the filters, narrowed to the viewer's mail (an admin all; anyone else the accounts
 * assigned to her). An `account_id` of another account finds nothing, like one that does not exist.
 */
export function listEmails(
  db: Db,
  viewer: Viewer,
  query: EmailListQuery,
): Promise<ListAnswer<EmailListItem>> {
  return page(db, viewer, and(...listFilters(query), mailScope(viewer, emails.accountId)), query);
}

/**
 * Whose mail a salesperson's history shows: with a customer she may read (hers or the pool's), all of
 * it, whatever the account (the customer's detail shows the pool's mail to every salesperson); with
 * another salesperson's customer, 403; with a bare address of no customer of hers, the mail of her
 * own accounts. Anyone else: all of it (admin; an editor, whom the customer page shows it to).
 */
async function historyScope(db: Db, viewer: Viewer, query: EmailHistoryQuery): Promise<SQL | undefined> {
  if (!isSalesOnly(viewer)) return undefined;
  if (query.customer_id) {
    const [row] = await db
      .select({ ownerId: customers.ownerId })
      .from(customers)
      .where(eq(customers.id, query.customer_id));
    if (row && !mayReadCustomer(viewer, row.ownerId)) throw forbidden();
    return undefined;
  }
  const matched = await findCustomersByEmails(db, query.address ? [query.address] : []);
  const readable = await readableCustomers(
    db,
    viewer,
    matched.map((c) => c.id),
  );
  return readable.size > 0 ? undefined : mailScope(viewer, emails.accountId);
}

/**
 * Every email exchanged with an address or a customer, both directions (drafts and trash aside).
 * The ids come from a UNION of two index scans (emails by customer, parties by address): an OR of
 * the two in one WHERE can use neither index and read the whole table.
 */
export async function emailHistory(
  db: Db,
  viewer: Viewer,
  query: EmailHistoryQuery,
): Promise<ListAnswer<EmailListItem>> {
  const scope = await historyScope(db, viewer, query);
  const addresses = new Set<string>();
  if (query.address) addresses.add(query.address.toLowerCase());
  if (query.customer_id) {
    const card = (await findCustomerCards(db, [query.customer_id])).get(query.customer_id);
    if (card?.email) addresses.add(card.email);
  }
  const byCustomer = query.customer_id
    ? db.select({ id: emails.id }).from(emails).where(eq(emails.customerId, query.customer_id))
    : undefined;
  const byAddress =
    addresses.size > 0
      ? db
          .select({ id: emailAddresses.emailId })
          .from(emailAddresses)
          .where(inArray(emailAddresses.address, [...addresses]))
      : undefined;
  const ids = byCustomer && byAddress ? byCustomer.union(byAddress) : (byCustomer ?? byAddress);
  if (!ids) throw invalid('address', 'validationFailed'); // neither an address nor a customer
  const where = and(
    inArray(emails.id, ids),
    isNull(emails.deletedAt),
    ne(emails.folder, 'trash'),
    ne(emails.folder, 'drafts'),
    scope,
  );
  return page(db, viewer, where, { ...query, sort: query.sort ?? '-date' });
}

/**
 * The HTML to show. Synced mail was sanitised when stored; mail written here (a draft, or sent from
 * the app, perhaps before drafts were sanitised on save) is sanitised again when shown, and like
 * received mail its remote images wait for "show images".
 */
function shownHtml(row: typeof emails.$inferSelect): { html: string; hasRemoteImages: boolean } {
  const writtenHere = row.dedupeKey.startsWith('draft:') || row.sendStatus !== '';
  return writtenHere ? sanitizeEmailHtml(row.html) : { html: row.html, hasRemoteImages: row.hasRemoteImages };
}

/**
 * An email with its bodies, attachments and thread (the thread: the viewer's mail only); opening it
 * marks it read (and says so over SSE). Mail of an account not hers answers 403.
 */
export async function emailDetail(
  db: Db,
  events: EventHub,
  viewer: Viewer,
  id: number,
): Promise<EmailDetail> {
  const [row] = await db
    .select()
    .from(emails)
    .where(and(eq(emails.id, id), isNull(emails.deletedAt)));
  if (!row) throw missing(viewer, 'thingEmail');
  if (!(await mayReadMail(db, viewer, row.accountId))) throw forbidden();
  if (!row.isRead) {
    const now = new Date();
    await db.update(emails).set({ isRead: true, readAt: now, updatedAt: now }).where(eq(emails.id, id));
    row.isRead = true;
    row.readAt = now;
    await publishUnread(db, events);
  }
  const [attachments, [item], thread] = await Promise.all([
    db
      .select()
      .from(emailAttachments)
      .where(eq(emailAttachments.emailId, id))
      .orderBy(asc(emailAttachments.id)),
    selectListRows(db)
      .where(eq(emails.id, id))
      .then((rows) => toListItems(db, rows, viewer)),
    row.threadId
      ? selectListRows(db)
          .where(
            and(
              eq(emails.threadId, row.threadId),
              ne(emails.id, id),
              isNull(emails.deletedAt),
              mailScope(viewer, emails.accountId),
            ),
          )
          .orderBy(asc(emails.date))
          .limit(200)
          .then((rows) => toListItems(db, rows, viewer))
      : Promise.resolve([]),
  ]);
  const shown = shownHtml(row);
  const url = (fileId: number) => `/api/file/download/?id=${fileId}`;
  const inlineUrls = new Map(
    attachments.filter((a) => a.contentId).map((a) => [a.contentId, `${url(a.fileId)}&inline=1`]),
  );
  return {
    ...item!,
    bcc: row.bcc,
    text: row.text,
    html: linkInlineImages(shown.html, inlineUrls),
    has_remote_images: shown.hasRemoteImages,
    headers: row.headers,
    attachments: attachments.map((a) => ({
      id: a.id,
      file_id: a.fileId,
      name: a.name,
      size: a.size,
      mime: a.mime,
      content_id: a.contentId,
      inline: a.inline,
      url: url(a.fileId),
    })),
    raw_file_id: row.rawFileId,
    size: row.size,
    in_reply_to: row.inReplyTo,
    references: row.references,
    thread,
  };
}

export type AddressMatch = { address: string; name: string; customer_id: number | null };

const LIMIT = 20;

/**
 * Address completion for the To/Cc fields: customers the user may read first (email, name or
 * company starting with the text), then addresses seen in her mail (an admin: all mail; anyone
 * else: the accounts assigned to her), with the customer id only of a customer she may read.
 */
export async function matchAddress(db: Db, user: SessionUser, q: string): Promise<AddressMatch[]> {
  const prefix = `${q
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, '\\$&')}%`;
  const matches = sql`(${emailAddresses.address} LIKE ${prefix} OR lower(${emailAddresses.name}) LIKE ${prefix})`;
  const seenIn = () => {
    const scope = mailScope(user, emails.accountId);
    const query = db
      .selectDistinctOn([emailAddresses.address], {
        address: emailAddresses.address,
        name: emailAddresses.name,
      })
      .from(emailAddresses)
      .$dynamic();
    const scoped = scope
      ? query.innerJoin(emails, eq(emails.id, emailAddresses.emailId)).where(and(matches, scope))
      : query.where(matches);
    return scoped.orderBy(emailAddresses.address, sql`${emailAddresses.name} = ''`).limit(LIMIT);
  };
  const [contacts, seen] = await Promise.all([searchCustomerContacts(db, q, LIMIT, user), seenIn()]);
  const out = new Map<string, AddressMatch>();
  for (const c of contacts) out.set(c.email, { address: c.email, name: c.name, customer_id: c.id });
  const others = seen.filter((s) => !out.has(s.address));
  const found = await findCustomersByEmails(
    db,
    others.map((s) => s.address),
  );
  const readable = await readableCustomers(
    db,
    user,
    found.map((c) => c.id),
  );
  const matched = new Map(found.filter((c) => readable.has(c.id)).map((c) => [c.email, c.id]));
  for (const s of others) out.set(s.address, { ...s, customer_id: matched.get(s.address) ?? null });
  return [...out.values()].slice(0, LIMIT);
}
