import type { CompanySettings, SiteLanguage, WebsiteSite } from '@quayside/contract';
import { eq, lt } from 'drizzle-orm';
import { emailAccounts, emails, websiteAcks } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { newMessageId } from '../email/mime';
import { enqueueSend } from '../email/send';
import { baseSubject } from '../email/sync/message';
import { escapeHtml } from './html';

/**
 * What the buyer reads when the admin left the subject or the text empty; `visitor` stands for a
 * name that cannot be shown (`shownName`).
 */
export const ACK_DEFAULTS: Record<SiteLanguage, { subject: string; text: string; visitor: string }> = {
  en: {
    visitor: 'customer',
    subject: 'Thank you for your inquiry',
    text: 'Dear {name},\n\nThank you for contacting {company}. We have received your inquiry and will reply to you shortly.\n\nBest regards,\n{company}',
  },
  zh: {
    visitor: '客户',
    subject: '感谢您的询盘',
    text: '{name}，您好：\n\n感谢您联系{company}。我们已收到您的询盘，会尽快回复您。\n\n此致\n{company}',
  },
};

/** `{name}`, `{company}` and `{product}` in the admin's subject and text. */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(name|company|product)\}/g, (_, key: string) => values[key] ?? '');

/**
 * The subject never carries what the visitor typed: a spammer's "name" would otherwise be an ad in
 * the subject of a mail we send to any address. `{name}` is dropped there, with the comma or space
 * it leaves at either end (`We got your inquiry, {name}` → `We got your inquiry`).
 */
const fillSubject = (text: string, values: { company: string; product: string }) =>
  fill(text, { ...values, name: '' })
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s,;:，、；：]+|[\s,;:，、；：]+$/g, '')
    .slice(0, 300);

/** What makes a "name" a link or an address: `://`, `www.`, `@`, `/`, `name.tld`. */
const LINK_LIKE = /[/@]|\bwww\.|\.[a-z]{2,}\b/i;
const NAME_MAX = 60;

/**
 * The visitor's name as the text and the To header show it, or null: one that carries a link or an
 * address, or is longer than a name, is an advert we would mail to any address (`{name}` then
 * reads "customer").
 */
export function shownName(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > NAME_MAX || LINK_LIKE.test(trimmed)) return null;
  return trimmed;
}

/** At most one acknowledgement per recipient address per UTC day, on every instance (website_acks). */
const ACK_KEEP_DAYS = 3;

/** Plain text as the email's HTML: paragraphs and line breaks, every character escaped. */
const textHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

export type AckInput = {
  site: WebsiteSite;
  company: CompanySettings;
  /** The language of the pages the visitor used. */
  lang: SiteLanguage;
  to: { name: string; address: string };
  product: { name: string } | null;
  /** The stored inquiry: the account it was filed under, and the email the acknowledgement answers. */
  inquiry: { accountId: number; emailId: number; customerId: number };
};

/**
 * The acknowledgement to the buyer (when the admin turned it on): an outgoing email in the chosen
 * account's Sent mail, queued like a composed one, so the send worker delivers it, retries it and
 * copies it to the Sent folder. It answers the inquiry (same thread). Null when it is off, no account
 * can send, the queue is not running, or the address had one already today (UTC).
 */
export async function queueAcknowledgement(ctx: AppContext, input: AckInput): Promise<number | null> {
  const { site } = input;
  if (!site.ack_enabled || !ctx.jobs) return null;
  const { db } = ctx;
  const accountId = site.ack_account_id ?? input.inquiry.accountId;
  const [account] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId)).limit(1);
  if (!account?.smtpHost || !account.enabled) return null;
  const [inquiry] = await db
    .select({ messageId: emails.messageId, threadId: emails.threadId })
    .from(emails)
    .where(eq(emails.id, input.inquiry.emailId));
  const zh = input.lang === 'zh';
  const company = (zh && input.company.name_zh) || input.company.name || account.name;
  const product = input.product?.name ?? '';
  const subject = fillSubject(
    (zh ? site.ack_subject_zh : site.ack_subject) || ACK_DEFAULTS[input.lang].subject,
    { company, product },
  );
  const name = shownName(input.to.name);
  const text = fill((zh ? site.ack_text_zh : site.ack_text) || ACK_DEFAULTS[input.lang].text, {
    name: name ?? ACK_DEFAULTS[input.lang].visitor,
    company,
    product,
  });
  const messageId = newMessageId(account.address);
  const now = new Date();
  const address = input.to.address.trim().toLowerCase();
  const day = now.toISOString().slice(0, 10);
  const id = await db.transaction(async (tx) => {
    // The claim of the day's row decides: a second inquiry from the address today gets none (the
    // primary key holds across instances; the claim goes back if the email row is not written).
    const claimed = await tx
      .insert(websiteAcks)
      .values({ address, day, createdAt: now })
      .onConflictDoNothing()
      .returning({ address: websiteAcks.address });
    if (claimed.length === 0) return null;
    const old = new Date(now.getTime() - ACK_KEEP_DAYS * 86_400_000).toISOString().slice(0, 10);
    await tx.delete(websiteAcks).where(lt(websiteAcks.day, old));
    const [row] = await tx
      .insert(emails)
      .values({
        accountId: account.id,
        folder: 'outbox',
        direction: 'out',
        dedupeKey: `mid:${messageId}`,
        messageId,
        inReplyTo: inquiry?.messageId ?? '',
        references: inquiry?.messageId ? [inquiry.messageId] : [],
        // The thread is the inquiry's when it is filed under the same account.
        threadId: account.id === input.inquiry.accountId ? (inquiry?.threadId ?? null) : null,
        subject,
        baseSubject: baseSubject(subject).base,
        fromName: account.name,
        fromAddress: account.address.toLowerCase(),
        to: [{ name: name ?? '', address }],
        date: now,
        isRead: true,
        readAt: now,
        html: textHtml(text),
        text,
        customerId: input.inquiry.customerId,
        sendStatus: 'queued',
        sendAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: emails.id });
    return row!.id;
  });
  if (id === null) return null;
  await enqueueSend(ctx, id, now);
  return id;
}
