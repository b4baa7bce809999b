import { formatMoney } from '@quayside/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, emails, quotationEmails } from '../../db/schema';
import { AppError, forbidden } from '../../lib/errors';
import type { FileStore } from '../../lib/files';
import { escapeHtml } from '../../lib/html';
import type { Lang } from '../../lib/i18n';
import { isAdmin } from '../../lib/scope';
import type { SessionUser } from '../../lib/sessions';
import { mayUseAccounts } from '../email/accounts';
import { compose, saveDraft } from '../email/compose';
import { saveFile } from '../files/service';
import { pdfFileName, quotationPdf } from './pdf';
import { getQuotation } from './service';

const WORDS = {
  en: {
    subject: 'Quotation {number}',
    greeting: 'Dear {name},',
    body: 'Please find attached our quotation {number} (total {total}). We look forward to your reply.',
    closing: 'Best regards',
  },
  zh: {
    subject: '报价单 {number}',
    greeting: '{name}，您好：',
    body: '附件是我们的报价单 {number}（合计 {total}），期待您的回复。',
    closing: '此致敬礼',
  },
} satisfies Record<Lang, Record<string, string>>;
const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');

/**
 * "Send to customer": a draft (through the compose code, so it has the account's signature and, when
 * the quotation came from an inquiry, replies in the inquiry's thread) to the buyer, with the PDF of
 * the current version attached, typed quotation and linked to that version. The user reviews it on
 * the compose page and sends it; the quotation reads as `sent` once that mail has left. Only a
 * quotation the user may read (lib/scope.ts), from an account she may use (`mayUseAccounts`).
 */
export async function sendQuotation(
  db: Db,
  store: FileStore,
  user: SessionUser,
  input: { id: number; account_id?: number; to?: string[]; subject?: string; html?: string; lang: Lang },
): Promise<{ email_id: number }> {
  const q = await getQuotation(db, input.id, user);
  // Only from a mailbox she may use (checked before a draft is made, so a refusal leaves none behind);
  // without account_id the draft is written from her first usable account.
  if (
    input.account_id !== undefined &&
    !isAdmin(user) &&
    !(await mayUseAccounts(db, user, [input.account_id]))
  )
    throw forbidden();
  const [customer] = await db
    .select({ email: customers.email, name: customers.name })
    .from(customers)
    .where(eq(customers.id, q.customer_id));
  const to = input.to?.length ? input.to : [q.contact_email || customer?.email || ''].filter(Boolean);
  if (to.length === 0)
    throw new AppError('VALIDATION_FAILED', 'quotationNoRecipient', undefined, undefined, 'to');

  let draft: { id: number };
  try {
    draft = q.inquiry_email_id
      ? await compose(db, user, { mode: 'reply', id: q.inquiry_email_id })
      : await compose(db, user, { mode: 'new' });
  } catch (err) {
    // An inquiry in a mailbox the user cannot send from: a new mail instead of a reply.
    if (!q.inquiry_email_id || !(err instanceof AppError) || err.code !== 'FORBIDDEN') throw err;
    draft = await compose(db, user, { mode: 'new' });
  }
  const [row] = await db.select({ html: emails.html }).from(emails).where(eq(emails.id, draft.id));
  const pdf = await quotationPdf(db, store, q, input.lang);
  const file = await saveFile(db, store, { bytes: pdf, name: pdfFileName(q), userId: user.id });
  const w = WORDS[input.lang];
  const params = {
    number: q.number,
    name: escapeHtml(q.contact_name || customer?.name || q.customer_name),
    total: formatMoney(q.total, q.currency),
  };
  const body =
    input.html ??
    `<p>${fill(w.greeting, params)}</p><p>${fill(w.body, params)}</p><p>${w.closing}</p>${row?.html ?? ''}`;
  await saveDraft(db, user, {
    id: draft.id,
    ...(input.account_id ? { account_id: input.account_id } : {}),
    to: to.map((address) => ({ name: '', address: address.toLowerCase() })),
    cc: [],
    bcc: [],
    subject: input.subject ?? fill(w.subject, params),
    html: body,
    attachment_ids: [file.id],
  });
  await db.transaction(async (tx) => {
    await tx.update(emails).set({ type: 'quotation' }).where(eq(emails.id, draft.id));
    await tx.insert(quotationEmails).values({ quotationId: q.id, version: q.version, emailId: draft.id });
  });
  return { email_id: draft.id };
}
