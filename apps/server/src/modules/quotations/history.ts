import {
  diffDocuments,
  QUOTATION_DIFF_FIELDS,
  type QuotationVersion,
  quotationContent,
} from '@quayside/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emails, quotationEmails } from '../../db/schema';
import { versionHistory } from '../../lib/documents/versions';
import { mailScope, type Viewer } from '../../lib/scope';
import { KIND, loadContent, loadRow } from './rows';

/** Every version of a quotation the viewer may read, newest first, with the mails that carried it (those
 * of mailboxes she may read). */
export async function quotationHistory(db: Db, id: number, viewer: Viewer): Promise<QuotationVersion[]> {
  await loadRow(db, id, viewer);
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
      .innerJoin(emails, eq(emails.id, quotationEmails.emailId))
      // Only mail she may open: a mail of another's mailbox is not hers to follow.
      .where(and(eq(quotationEmails.quotationId, id), mailScope(viewer, emails.accountId))),
  ]);
  return versions.map((v) => ({
    ...v,
    email_ids: sent.filter((s) => s.version === v.version).map((s) => s.emailId),
  }));
}

export async function quotationDiff(db: Db, id: number, from: number, to: number, viewer: Viewer) {
  await loadRow(db, id, viewer);
  const [a, b] = await Promise.all([loadContent(db, id, from), loadContent(db, id, to)]);
  return {
    from: { ...a, version: from },
    to: { ...b, version: to },
    diff: diffDocuments(a, b, QUOTATION_DIFF_FIELDS),
  };
}
