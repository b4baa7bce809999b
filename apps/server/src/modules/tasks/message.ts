import MailComposer from 'nodemailer/lib/mail-composer';
import type { emailAccounts, files, taskRecipients, tasks } from '../../db/schema';
import type { FileStore } from '../../lib/files';
import { htmlToText } from '../email/sync/message';
import { type MergeValues, renderMerge } from './merge';

type TaskRow = typeof tasks.$inferSelect;
type RecipientRow = typeof taskRecipients.$inferSelect;
type AccountRow = typeof emailAccounts.$inferSelect;
type FileRow = typeof files.$inferSelect;

export const pixelUrl = (task: TaskRow, token: string) => `${task.publicUrl}/api/task/open/?t=${token}`;
export const unsubscribeUrl = (task: TaskRow, token: string) =>
  `${task.publicUrl}/api/task/unsubscribe/?t=${token}`;

/** What one recipient gets: merged subject and body, with the unsubscribe footer and the pixel. */
export function personalise(task: TaskRow, recipient: RecipientRow, values: MergeValues) {
  const subject = renderMerge(task.subject, values, 'text');
  const unsubscribe = unsubscribeUrl(task, recipient.token);
  const footer =
    `<p style="margin-top:24px;font-size:12px;color:#888">` +
    `If you no longer wish to receive these emails, <a href="${unsubscribe}">unsubscribe</a>.` +
    ` · 如不想再收到此类邮件，请<a href="${unsubscribe}">退订</a>。</p>`;
  const pixel = `<img src="${pixelUrl(task, recipient.token)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
  const html = `${renderMerge(task.html, values, 'html')}${footer}${pixel}`;
  return { subject, html, text: htmlToText(html), unsubscribe };
}

/**
 * The RFC 5322 bytes for one recipient, with the RFC 8058 one-click unsubscribe headers; the same
 * bytes go to SMTP and, when the task asks for it, to the Sent folder. An attachment whose bytes are
 * in `contents` (by sha256; the sender reads a task's small attachments once) is not read again.
 */
export async function buildTaskMessage(
  store: FileStore,
  task: TaskRow,
  account: AccountRow,
  recipient: RecipientRow,
  values: MergeValues,
  attachments: FileRow[],
  date: Date,
  contents?: ReadonlyMap<string, Buffer>,
) {
  const mail = personalise(task, recipient, values);
  const composer = new MailComposer({
    from: { name: account.name, address: account.address },
    to: { name: recipient.name, address: recipient.address },
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    date,
    messageId: `<${recipient.messageId}>`,
    textEncoding: 'base64',
    headers: {
      'List-Unsubscribe': `<${mail.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    attachments: attachments.map((f) => ({
      filename: f.name,
      contentType: f.mime,
      content: contents?.get(f.sha256) ?? store.open(f.sha256),
    })),
  });
  const raw = await composer.compile().build();
  return { raw, envelope: { from: account.address, to: [recipient.address] }, ...mail };
}
