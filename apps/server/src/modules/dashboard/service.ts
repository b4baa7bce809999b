import { type CurrencySum, type DashboardQuery, type DashboardSummary, roundMoney } from '@quayside/contract';
import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  emailDayCounts,
  emails,
  inquiryStates,
  orders,
  quotations,
  taskRecipients,
  tasks,
} from '../../db/schema';
import { mailScope, orderScope, quotationScope, type Viewer } from '../../lib/scope';
import { listFilters } from '../email/service';
import { unreadCount } from '../email/unread';
import { inquiryFilter } from '../inquiries/service';
import { orderFilter } from '../orders/list';
import { quotationFilter } from '../quotations/service';
import { taskListFilter } from '../tasks/service';
import { daysBetween, failedSends, inquiryMail, mailCount } from './day-counts';

/** Which lists the viewer may open (each list route's own declared access; see routes.ts). */
export type Reach = {
  emails: boolean;
  inquiries: boolean;
  quotations: boolean;
  orders: boolean;
  tasks: boolean;
};

const page = { page: 1, page_size: 1 } as const;
const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The period of the same length that ends the day before `from`. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const length = msOf(to) - msOf(from) + DAY;
  return { from: dayOf(msOf(from) - length), to: dayOf(msOf(from) - DAY) };
}

/**
 * No state row other than new (the inquiry list's coalesce(state, 'new') = 'new'), as an anti-join:
 * PostgreSQL then expects most inquiries to pass and reads the inquiries' and the answers' indexes
 * once each, instead of probing the answers once per inquiry.
 */
const stillNew = sql`NOT EXISTS (SELECT 1 FROM ${inquiryStates} WHERE ${inquiryStates.emailId} = ${emails.id} AND ${inquiryStates.state} <> 'new')`;

/** No mail of ours in the inquiry's thread has been sent (or synced from our Sent folder). */
const unanswered = sql`NOT EXISTS (SELECT 1 FROM emails answer WHERE answer.thread_id = ${emails.threadId} AND answer.direction = 'out' AND answer.send_status IN ('', 'sent') AND answer.deleted_at IS NULL)`;

/**
 * Inquiries still new: all of them (the day counts) less those with another state (the state rows,
 * each an index lookup of its email), instead of reading every inquiry to find it has no state row.
 */
async function unhandledInquiries(db: Db, viewer: Viewer, ownerId: number | undefined): Promise<number> {
  const [all, [moved]] = await Promise.all([
    mailCount(db, and(inquiryMail(ownerId), mailScope(viewer, emailDayCounts.accountId))),
    db
      .select({ n: count() })
      .from(inquiryStates)
      .innerJoin(emails, eq(emails.id, inquiryStates.emailId))
      .where(
        and(
          inquiryFilter({ ...page, handler_id: ownerId }),
          mailScope(viewer, emails.accountId),
          ne(inquiryStates.state, 'new'),
        ),
      ),
  ]);
  return all - (moved?.n ?? 0);
}

async function inquiryCards(db: Db, viewer: Viewer, query: DashboardQuery, ownerId: number | undefined) {
  const previous = previousPeriod(query.from, query.to);
  const mine = and(inquiryMail(ownerId), mailScope(viewer, emailDayCounts.accountId));
  const [open, now, before, waiting] = await Promise.all([
    unhandledInquiries(db, viewer, ownerId),
    mailCount(db, and(mine, daysBetween(query.from, query.to))),
    mailCount(db, and(mine, daysBetween(previous.from, previous.to))),
    countEmails(
      db,
      and(
        inquiryFilter({ ...page, handler_id: ownerId }),
        mailScope(viewer, emails.accountId),
        stillNew,
        sql`${emails.date} < now() - interval '24 hours'`,
        unanswered,
      ),
    ),
  ]);
  return { open, period: { count: now, previous: before }, waiting };
}

async function countEmails(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emails).where(where);
  return row?.n ?? 0;
}

async function emailCards(db: Db, viewer: Viewer, ownerId: number | undefined) {
  const [followUps, failed] = await Promise.all([
    countEmails(
      db,
      and(
        ...listFilters({ ...page, folder: 'inbox', status: 'follow_up', handler_id: ownerId }),
        mailScope(viewer, emails.accountId),
      ),
    ),
    mailCount(db, and(failedSends(ownerId), mailScope(viewer, emailDayCounts.accountId))),
  ]);
  return { followUps, failed };
}

const expiringSoon = sql`${quotations.validUntil} <= current_date + 7`;

async function quotationCards(db: Db, viewer: Viewer, ownerId: number | undefined) {
  const open = and(
    quotationFilter({ ...page, status: ['draft', 'sent'], owner_id: ownerId }),
    quotationScope(viewer),
  );
  const [sums, [expiring]] = await Promise.all([
    db
      .select({
        currency: quotations.currency,
        n: count(),
        amount: sql<string>`sum(${quotations.total})::text`,
      })
      .from(quotations)
      .where(open)
      .groupBy(quotations.currency)
      .orderBy(quotations.currency),
    db.select({ n: count() }).from(quotations).where(and(open, expiringSoon)),
  ]);
  return { open: withCount(sums), expiring: expiring?.n ?? 0 };
}

async function orderCard(db: Db, viewer: Viewer, ownerId: number | undefined) {
  const sums = await db
    .select({
      currency: orders.currency,
      n: count(),
      amount: sql<string>`sum(${orders.total} - ${orders.paid})::text`,
    })
    .from(orders)
    .where(and(orderFilter({ ...page, status: ['in_progress'], owner_id: ownerId }), orderScope(viewer)))
    .groupBy(orders.currency)
    .orderBy(orders.currency);
  return withCount(sums);
}

/** Tasks running now (the task list filtered to running) and their recipients sent and opened. */
async function runningTasks(db: Db, viewer: Viewer, ownerId: number | undefined) {
  const running = and(
    taskListFilter({ ...page, status: 'running' }, viewer),
    ownerId ? eq(tasks.createdBy, ownerId) : undefined,
  );
  const [[task], [sends]] = await Promise.all([
    db.select({ n: count() }).from(tasks).where(running),
    db
      .select({
        sent: sql<number>`(count(*) FILTER (WHERE ${taskRecipients.status} IN ('sent', 'opened')))::int`,
        opened: sql<number>`(count(*) FILTER (WHERE ${taskRecipients.status} = 'opened'))::int`,
      })
      .from(taskRecipients)
      .innerJoin(tasks, eq(tasks.id, taskRecipients.taskId))
      .where(running),
  ]);
  return { count: task?.n ?? 0, sent: sends?.sent ?? 0, opened: sends?.opened ?? 0 };
}

function withCount(rows: { currency: string; n: number; amount: string }[]) {
  const sums: CurrencySum[] = rows.map((r) => ({
    currency: r.currency,
    count: r.n,
    amount: roundMoney(r.amount, r.currency),
  }));
  return { count: sums.reduce((n, s) => n + s.count, 0), sums };
}

const skip = Promise.resolve(null);

/**
 * The dashboard's figures for one viewer, each exactly the records she may open in its list (mail:
 * `mailScope`, documents: their scope, tasks: `ownScope`; lib/scope.ts). `ownerId` narrows every
 * card to one salesperson (their inquiries and mail as handler, their quotations and orders as
 * owner, their accounts' unread mail).
 */
export async function dashboardSummary(
  db: Db,
  query: DashboardQuery,
  viewer: Viewer,
  reach: Reach,
): Promise<DashboardSummary> {
  const ownerId = query.owner_id;
  const mailOf = ownerId === undefined ? viewer : { id: ownerId, roles: [] };
  const [unread, inquiry, mail, quotation, order, task] = await Promise.all([
    unreadCount(db, mailOf),
    reach.inquiries ? inquiryCards(db, viewer, query, ownerId) : skip,
    reach.emails ? emailCards(db, viewer, ownerId) : skip,
    reach.quotations ? quotationCards(db, viewer, ownerId) : skip,
    reach.orders ? orderCard(db, viewer, ownerId) : skip,
    reach.tasks ? runningTasks(db, viewer, ownerId) : skip,
  ]);
  const previous = previousPeriod(query.from, query.to);
  return {
    from: query.from,
    to: query.to,
    previous_from: previous.from,
    previous_to: previous.to,
    unread_mail: unread,
    unhandled_inquiries: inquiry?.open ?? null,
    inquiries: inquiry?.period ?? null,
    open_quotations: quotation?.open ?? null,
    expiring_quotations: quotation?.expiring ?? null,
    orders_in_progress: order,
    running_tasks: task,
    todo: {
      waiting_inquiries: inquiry?.waiting ?? null,
      follow_ups: mail?.followUps ?? null,
      expiring_quotations: quotation?.expiring ?? null,
      failed_sends: mail?.failed ?? null,
    },
  };
}
