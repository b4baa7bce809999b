import { randomUUID } from 'node:crypto';
import type { TaskTestSend } from '@quayside/contract';
import type { Db } from '../../db/client';
import type { files, taskRecipients, tasks } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError, invalid } from '../../lib/errors';
import { readableCustomers, type Viewer } from '../../lib/scope';
import type { SessionUser } from '../../lib/sessions';
import { findCustomersByEmails } from '../customers/matching';
import { getCustomer } from '../customers/service';
import { findAccountRow } from '../email/accounts';
import { SmtpTransports, smtpErrorText } from '../email/smtp-transports';
import { readableFiles } from '../files/access';
import { normaliseAddress } from './addresses';
import { mergeValues } from './merge';
import { buildTaskMessage } from './message';
import { assertAccount, loadTask } from './service';

type TaskRow = typeof tasks.$inferSelect;
type RecipientRow = typeof taskRecipients.$inferSelect;

export const TEST_SUBJECT_PREFIX = '[Test] ';
/** Shaped like a recipient's token but never one (those are 24 characters): its links find nobody. */
const TEST_TOKEN = 'test-send-matches-nobody';

/**
 * The merge values of an address: its customer's, when the viewer may read that customer (a
 * salesperson: hers or the pool's), or the address alone.
 */
export async function mergeValuesFor(db: Db, raw: string, viewer: Viewer) {
  const address = normaliseAddress(raw);
  const [match] = address ? await findCustomersByEmails(db, [address]) : [];
  const found = match && (await readableCustomers(db, viewer, [match.id])).has(match.id) ? match : undefined;
  const customer = found ? await getCustomer(db, found.id) : undefined;
  return mergeValues(
    address,
    customer && {
      name: customer.name,
      companyName: customer.company_name,
      jobTitle: customer.job_title,
      website: customer.website,
    },
  );
}

/**
 * One email of the task (or the draft) to the sender's own mailbox: the sending account's address,
 * a mailbox the user may use. Subject prefixed "[Test] ", merge fields filled for `address` (or
 * left to their fallbacks), with the unsubscribe footer as recipients will see it. Nothing is
 * written: no recipient, no count, no stored email.
 */
export async function sendTestEmail(
  ctx: AppContext,
  user: SessionUser,
  body: TaskTestSend,
  publicUrl: string,
): Promise<{ to: string; subject: string }> {
  const { db } = ctx;
  const row = body.id !== undefined ? await loadTask(db, user, body.id) : undefined;
  const accountId = body.account_id ?? row!.accountId;
  await assertAccount(db, user, accountId);
  const account = await findAccountRow(db, accountId);
  const subject = (body.subject ?? row?.subject ?? '').trim();
  if (!subject) throw invalid('subject', 'taskTestNeedsSubject');
  const attachments: (typeof files.$inferSelect)[] = await readableFiles(
    db,
    user,
    body.attachment_ids ?? row?.attachmentIds ?? [],
    'attachment_ids',
  );
  const to = account.address;
  const values = await mergeValuesFor(db, body.address?.trim() || to, user);
  // Only what the message builder reads of a task and a recipient.
  const task = {
    ...row,
    subject: `${TEST_SUBJECT_PREFIX}${subject}`,
    html: body.html ?? row?.html ?? '',
    publicUrl: row?.publicUrl || publicUrl,
  } as TaskRow;
  const domain = to.split('@')[1]?.toLowerCase() || 'quayside.local';
  const recipient = {
    token: TEST_TOKEN,
    name: user.name,
    address: to,
    messageId: `${randomUUID()}@${domain}`,
  } as RecipientRow;
  const message = await buildTaskMessage(
    ctx.files,
    task,
    account,
    recipient,
    values,
    attachments,
    new Date(),
  );
  const smtp = new SmtpTransports(ctx.config.secret);
  try {
    await smtp.send(account, message);
  } catch (err) {
    throw new AppError('CONFLICT', 'taskTestFailed', { to, reason: smtpErrorText(err, 300) });
  } finally {
    smtp.close();
  }
  return { to, subject: message.subject };
}
