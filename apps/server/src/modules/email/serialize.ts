import type { EmailListItem } from '@quayside/contract';
import { nationIdByCode } from '@quayside/contract';
import { eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emails, users } from '../../db/schema';
import { readableCustomers, type Viewer } from '../../lib/scope';
import { findCustomerCards } from '../customers/matching';

/** The columns of a list row: everything but the bodies and headers. */
const {
  html: _html,
  text: _text,
  headers: _headers,
  searchText: _search,
  references: _references,
  ...listColumns
} = getTableColumns(emails);
export const emailListColumns = { ...listColumns, handlerName: users.name };

export type EmailListRow = {
  [K in keyof typeof listColumns]: (typeof emails.$inferSelect)[K];
} & { handlerName: string | null };

/** Select list rows (with the handler's name) from emails; the caller adds where/order/limit. */
export function selectListRows(db: Db) {
  return db.select(emailListColumns).from(emails).leftJoin(users, eq(users.id, emails.handlerId));
}

type Card = NonNullable<EmailListItem['customer']>;

export function toListItem(row: EmailListRow, customers: Map<number, Card>): EmailListItem {
  return {
    id: row.id,
    account_id: row.accountId,
    folder: row.folder,
    type: row.type as EmailListItem['type'],
    status: row.status as EmailListItem['status'],
    handler_id: row.handlerId,
    handler_name: row.handlerName ?? '',
    subject: row.subject,
    from: { name: row.fromName, address: row.fromAddress },
    to: row.to,
    cc: row.cc,
    date: row.date.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
    is_read: row.isRead,
    has_attachment: row.hasAttachment,
    sender_ip: row.senderIp,
    sender_country: row.senderCountry,
    sender_nation: nationIdByCode(row.senderCountry),
    customer_id: row.customerId,
    customer: (row.customerId !== null && customers.get(row.customerId)) || null,
    thread_id: row.threadId,
    message_id: row.messageId,
    send_status: row.sendStatus,
    send_error: row.sendError,
    send_at: row.sendAt?.toISOString() ?? null,
    is_raw: row.isRaw,
  };
}

/**
 * List items of rows, with their customers' cards fetched in one query. A customer the viewer may
 * not read (another salesperson's) is left out: no card, no id to a page that would answer 403.
 */
export async function toListItems(db: Db, rows: EmailListRow[], viewer: Viewer): Promise<EmailListItem[]> {
  const ids = rows.map((r) => r.customerId).filter((id): id is number => id !== null);
  const [cards, readable] = await Promise.all([
    findCustomerCards(db, ids),
    readableCustomers(db, viewer, ids),
  ]);
  return rows.map((r) =>
    toListItem(r.customerId !== null && !readable.has(r.customerId) ? { ...r, customerId: null } : r, cards),
  );
}
