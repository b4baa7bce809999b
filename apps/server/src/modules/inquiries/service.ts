import {
  customerFields,
  customerFromSender,
  INQUIRY_STATES,
  type InquiryCustomerAnswer,
  type InquiryListAnswer,
  type InquiryListQuery,
  type InquiryState,
  type InquiryStateBody,
  nationIdByCode,
} from '@quayside/contract';
import { and, count, desc, eq, gte, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, emails, inquiryStates, quotations, users } from '../../db/schema';
import { conflict, invalid } from '../../lib/errors';
import { containsPattern, offsetOf } from '../../lib/list';
import { isSalesOnly, mailScope, mayReadCustomer, mayReadMail, missing, type Viewer } from '../../lib/scope';
import { findCustomersByEmails } from '../customers/matching';
import { claimCustomers } from '../customers/pool';
import { assertEmailFree, changed as customersChanged, toColumns } from '../customers/service';

/** An inquiry is an email of type inquiry (not trashed or deleted); no state row reads as new. */
export const stateSql = sql<InquiryState>`coalesce(${inquiryStates.state}, 'new')`;

export function inquiryFilter(query: InquiryListQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [
    eq(emails.type, 'inquiry'),
    isNull(emails.deletedAt),
    ne(emails.folder, 'trash'),
  ];
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.push(
      sql`(lower(${emails.subject}) LIKE ${pattern} OR lower(${emails.fromAddress}) LIKE ${pattern} OR lower(${emails.fromName}) LIKE ${pattern})`,
    );
  }
  if (query.handler_id) where.push(eq(emails.handlerId, query.handler_id));
  if (query.customer_id) where.push(eq(emails.customerId, query.customer_id));
  if (query.nation) where.push(eq(customers.nation, query.nation));
  if (query.date_from) where.push(gte(emails.date, new Date(`${query.date_from}T00:00:00Z`)));
  if (query.date_to)
    where.push(lt(emails.date, new Date(Date.parse(`${query.date_to}T00:00:00Z`) + 86_400_000)));
  return and(...where);
}

/** The inquiry list, narrowed to the viewer's mail (an admin all; a salesperson her accounts'). */
export async function listInquiries(
  db: Db,
  viewer: Viewer,
  query: InquiryListQuery,
): Promise<InquiryListAnswer> {
  const base = and(inquiryFilter(query), mailScope(viewer, emails.accountId));
  const where = query.state ? and(base, eq(stateSql, query.state)) : base;
  const from = () =>
    db
      .select({
        email: {
          id: emails.id,
          subject: emails.subject,
          fromName: emails.fromName,
          fromAddress: emails.fromAddress,
          date: emails.date,
          customerId: emails.customerId,
          handlerId: emails.handlerId,
        },
        customerName: sql<string | null>`coalesce(nullif(${customers.companyName}, ''), ${customers.name})`,
        nation: customers.nation,
        handlerName: users.name,
        state: stateSql,
        lostReason: inquiryStates.lostReason,
        lostNote: inquiryStates.lostNote,
      })
      .from(emails)
      .leftJoin(customers, eq(customers.id, emails.customerId))
      .leftJoin(users, eq(users.id, emails.handlerId))
      .leftJoin(inquiryStates, eq(inquiryStates.emailId, emails.id));
  const [rows, perState] = await Promise.all([
    from()
      .where(where)
      .orderBy(desc(emails.date), desc(emails.id))
      .limit(query.page_size)
      .offset(offsetOf(query)),
    db
      .select({ state: stateSql, n: count() })
      .from(emails)
      .leftJoin(customers, eq(customers.id, emails.customerId))
      .leftJoin(inquiryStates, eq(inquiryStates.emailId, emails.id))
      .where(base)
      .groupBy(stateSql),
  ]);
  const ids = rows.map((r) => r.email.id);
  const made = ids.length
    ? await db
        .select({
          id: quotations.id,
          number: quotations.number,
          version: quotations.version,
          emailId: quotations.inquiryEmailId,
        })
        .from(quotations)
        .where(inArray(quotations.inquiryEmailId, ids))
        .orderBy(quotations.id)
    : [];
  const counts = Object.fromEntries(INQUIRY_STATES.map((s) => [s, 0])) as Record<InquiryState, number>;
  for (const row of perState) counts[row.state] = row.n;
  return {
    items: rows.map((r) => ({
      email_id: r.email.id,
      subject: r.email.subject,
      from_name: r.email.fromName,
      from_address: r.email.fromAddress,
      date: r.email.date.toISOString(),
      customer_id: r.email.customerId,
      customer_name: r.customerName ?? '',
      nation: r.nation,
      handler_id: r.email.handlerId,
      handler_name: r.handlerName ?? '',
      state: r.state,
      lost_reason: r.lostReason,
      lost_note: r.lostNote ?? '',
      quotations: made.filter((q) => q.emailId === r.email.id).map(({ emailId: _e, ...q }) => q),
    })),
    total: query.state ? counts[query.state] : INQUIRY_STATES.reduce((n, s) => n + counts[s], 0),
    page: query.page,
    page_size: query.page_size,
    counts,
  };
}

/** Moves inquiries to a state; only emails of type inquiry are touched. Answers how many. */
export async function setInquiryState(db: Db, body: InquiryStateBody, userId: number): Promise<number> {
  const found = await db
    .select({ id: emails.id })
    .from(emails)
    .where(and(inArray(emails.id, body.ids), eq(emails.type, 'inquiry')));
  if (found.length === 0) return 0;
  const lost = body.state === 'lost';
  const values = found.map((f) => ({
    emailId: f.id,
    state: body.state,
    lostReason: lost ? body.lost_reason : null,
    lostNote: lost ? body.lost_note : '',
    updatedBy: userId,
  }));
  await db
    .insert(inquiryStates)
    .values(values)
    .onConflictDoUpdate({
      target: inquiryStates.emailId,
      set: {
        state: body.state,
        lostReason: lost ? body.lost_reason : null,
        lostNote: lost ? body.lost_note : '',
        updatedBy: userId,
        updatedAt: new Date(),
      },
    });
  return found.length;
}

/**
 * The customer a quotation for this inquiry is made out to: the one its email is linked to, else
 * the live customer with the sender's address, else one created from the sender (as the email
 * page's "create customer" would fill it in). A found or created customer is linked to the email.
 */
export async function customerForInquiry(
  db: Db,
  emailId: number,
  creator: Viewer,
): Promise<InquiryCustomerAnswer> {
  const [email] = await db
    .select({
      accountId: emails.accountId,
      customerId: emails.customerId,
      fromName: emails.fromName,
      fromAddress: emails.fromAddress,
      senderCountry: emails.senderCountry,
    })
    .from(emails)
    .where(and(eq(emails.id, emailId), eq(emails.type, 'inquiry'), isNull(emails.deletedAt)))
    .limit(1);
  if (!email) throw invalid('email_id', 'recordNotFound', { thing: 'thingInquiry' });
  if (!(await mayReadMail(db, creator, email.accountId))) throw missing(creator, 'thingInquiry');
  const linked = email.customerId
    ? await db
        .select({ id: customers.id, ownerId: customers.ownerId })
        .from(customers)
        .where(and(eq(customers.id, email.customerId), isNull(customers.deletedAt)))
    : [];
  if (linked[0]) {
    await takeOver(db, creator, linked[0], email.fromAddress);
    return { customer_id: linked[0].id, created: false };
  }
  const [match] = await findCustomersByEmails(db, [email.fromAddress]);
  if (match) {
    const [row] = await db
      .select({ id: customers.id, ownerId: customers.ownerId })
      .from(customers)
      .where(eq(customers.id, match.id));
    if (row) await takeOver(db, creator, row, match.email);
  }
  const answer = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    let customerId = match?.id;
    if (customerId === undefined) {
      const guess = customerFromSender(
        { name: email.fromName, address: email.fromAddress },
        nationIdByCode(email.senderCountry),
      );
      const fields = customerFields.parse({
        ...guess,
        company_name: guess.company_name.slice(0, 200),
        name: guess.name.slice(0, 100),
        grade: 1,
      });
      await assertEmailFree(tx, fields.email);
      const [row] = await tx
        .insert(customers)
        .values({ ...toColumns(fields), ownerId: creator.id })
        .returning({ id: customers.id });
      customerId = row!.id;
    }
    await tx.update(emails).set({ customerId }).where(eq(emails.id, emailId));
    return { customer_id: customerId, created: match === undefined };
  });
  if (answer.created) customersChanged(db);
  return answer;
}

/**
 * The existing customer of an inquiry: for a salesperson, a pool customer is claimed (the inquiry
 * makes it hers, with the claim's cap and audit line) and her own is answered; another
 * salesperson's answers 409 naming its owner, never its data: she asks the admin for a transfer
 * instead of making a duplicate. An admin gets any customer as it is.
 */
async function takeOver(
  db: Db,
  viewer: Viewer,
  customer: { id: number; ownerId: number | null },
  email: string,
): Promise<void> {
  if (isSalesOnly(viewer) && customer.ownerId === null) await claimCustomers(db, [customer.id], viewer);
  if (mayReadCustomer(viewer, customer.ownerId)) return;
  const [owner] = await db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, customer.ownerId ?? 0));
  throw conflict('customerEmailOwned', { email, owner: owner?.name ?? '' });
}
