import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Db } from '../../db/client';
import { emailAttachments, type emails, files, type StoredAddress } from '../../db/schema';
import type { FileStore } from '../../lib/files';
import { htmlToText } from './sync/message';

type EmailRow = typeof emails.$inferSelect;

/** A new Message-ID on the sending account's domain, normalised (no brackets, lower case). */
export function newMessageId(fromAddress: string): string {
  const domain = fromAddress.split('@')[1] || 'quayside.local';
  return `${randomUUID()}@${domain}`.toLowerCase();
}

const addr = (a: StoredAddress) => ({ name: a.name, address: a.address });
const bracket = (id: string) => `<${id}>`;

/**
 * The RFC 5322 bytes of an outgoing email (issue 6): the same bytes go to SMTP and, after a
 * successful send, to the account's Sent folder, so both carry the stored Message-ID.
 */
export async function buildRawMessage(
  db: Db,
  store: FileStore,
  row: EmailRow,
): Promise<{ raw: Buffer; envelope: { from: string; to: string[] } }> {
  if (!row.messageId) throw new Error(`email ${row.id} has no Message-ID`);
  const attachments = await db
    .select({ a: emailAttachments, sha256: files.sha256 })
    .from(emailAttachments)
    .innerJoin(files, eq(files.id, emailAttachments.fileId))
    .where(eq(emailAttachments.emailId, row.id))
    .orderBy(asc(emailAttachments.id));
  const composer = new MailComposer({
    from: { name: row.fromName, address: row.fromAddress },
    to: row.to.map(addr),
    cc: row.cc.map(addr),
    subject: row.subject,
    html: row.html,
    text: row.text || htmlToText(row.html),
    date: row.date,
    messageId: bracket(row.messageId),
    inReplyTo: row.inReplyTo ? bracket(row.inReplyTo) : undefined,
    references: row.references.length > 0 ? row.references.map(bracket).join(' ') : undefined,
    textEncoding: 'base64',
    attachments: attachments.map(({ a, sha256 }) => ({
      filename: a.name,
      contentType: a.mime,
      content: store.open(sha256),
      cid: a.contentId || undefined,
      contentDisposition: a.inline ? ('inline' as const) : ('attachment' as const),
    })),
  });
  const raw = await composer.compile().build();
  const recipients = [...row.to, ...row.cc, ...row.bcc].map((a) => a.address);
  return { raw, envelope: { from: row.fromAddress, to: [...new Set(recipients)] } };
}
