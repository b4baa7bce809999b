import type { QuotationContent, QuotationStatus } from '@quayside/contract';
import { quotationContent } from '@quayside/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, emails, quotations, users } from '../../db/schema';
import { visible } from '../../lib/documents/access';
import { readVersion } from '../../lib/documents/versions';
import { invalid, notFound } from '../../lib/errors';
import { isAdmin, mailScope, type Viewer } from '../../lib/scope';

export const KIND = 'quotation';

/**
 * `expired` and `sent` are not stored: a draft reads as sent once a mail with its PDF has left, and a
 * draft or sent quotation past its valid_until reads as expired.
 */
export const sentSql = sql<boolean>`EXISTS (SELECT 1 FROM quotation_emails qe JOIN emails e ON e.id = qe.email_id WHERE qe.quotation_id = ${quotations.id} AND e.send_status = 'sent')`;
export const statusSql = sql<QuotationStatus>`CASE WHEN ${quotations.status} IN ('draft', 'sent') AND ${quotations.validUntil} < current_date THEN 'expired' WHEN ${quotations.status} = 'draft' AND ${sentSql} THEN 'sent' ELSE ${quotations.status} END`;

/** The quotation's row, when the viewer may read it (lib/scope.ts); else 403 like a missing one. */
export async function loadRow(db: Db, id: number, viewer: Viewer) {
  const [row] = await db
    .select({
      q: quotations,
      status: statusSql,
      sent: sentSql,
      ownerName: users.name,
      customerOwnerId: customers.ownerId,
    })
    .from(quotations)
    .leftJoin(users, eq(users.id, quotations.ownerId))
    .leftJoin(customers, eq(customers.id, quotations.customerId))
    .where(eq(quotations.id, id));
  return visible(viewer, row && { ...row, ownerId: row.q.ownerId }, 'thingQuotation');
}
export type LoadedRow = Awaited<ReturnType<typeof loadRow>>;

export async function loadContent(db: Db, id: number, version: number): Promise<QuotationContent> {
  const stored = await readVersion(db, KIND, id, version);
  if (!stored) throw notFound('thingQuotationVersion');
  return quotationContent.parse(stored);
}

/**
 * The inquiry a quotation answers: an email that exists and, for anyone but an admin, one of the
 * mailboxes she may read (lib/scope.ts `mailScope`); else 400 on the field, like an unknown id.
 */
export async function assertInquiryReadable(db: Db, id: number | null, viewer: Viewer): Promise<void> {
  if (id === null) return;
  const [row] = await db
    .select({ id: emails.id })
    .from(emails)
    .where(and(eq(emails.id, id), isAdmin(viewer) ? undefined : mailScope(viewer, emails.accountId)));
  if (!row) throw invalid('inquiry_email_id', 'recordNotFound', { thing: 'thingInquiry' });
}
