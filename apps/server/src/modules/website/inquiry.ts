import { randomUUID } from 'node:crypto';
import { customerFields, NATION, nationIdByCode, type SiteInquiry, SOURCE_WEBSITE } from '@quayside/contract';
import { and, asc, eq } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import { emailAccounts } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { findCustomersByEmails } from '../customers/matching';
import { createCustomer } from '../customers/service';
import { loadBlacklist } from '../email/blacklist';
import { lookupIp } from '../email/geoip';
import { dedupeKeyOf } from '../email/sync/message';
import { prepareMessage } from '../email/sync/prepare';
import { writeLocalEmails } from '../email/sync/store';
import { DEFAULT_SYNC_OPTIONS, type SyncEnv } from '../email/sync/types';
import { publishNewMail, publishUnread } from '../email/unread';

export type InquiryProduct = { id: number; name: string; model: string; url: string };
export type InquiryAttachment = { bytes: Buffer; name: string; mime: string };

/** The account website inquiries are filed under: the chosen one if it still exists, else the first enabled one. */
export async function inquiryAccount(ctx: AppContext, chosen: number | null) {
  const { db } = ctx;
  if (chosen) {
    const [row] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, chosen)).limit(1);
    if (row) return row;
  }
  const [first] = await db
    .select()
    .from(emailAccounts)
    .where(and(eq(emailAccounts.enabled, true)))
    .orderBy(asc(emailAccounts.id))
    .limit(1);
  if (first) return first;
  const [any] = await db.select().from(emailAccounts).orderBy(asc(emailAccounts.id)).limit(1);
  return any ?? null;
}

/** The message as a mail program would have written it: the visitor's words as plain text (never HTML). */
function composeMessage(
  form: SiteInquiry,
  to: string,
  product: InquiryProduct | null,
  attachment?: InquiryAttachment,
) {
  const country = NATION.find((n) => n.code === form.country)?.en ?? '';
  const details = [
    ['Name', form.name],
    ['Email', form.email],
    ['Company', form.company],
    ['Country', country],
    ['Phone', form.phone],
    ['Product', product ? `${product.name}${product.model ? ` (${product.model})` : ''} ${product.url}` : ''],
  ].filter(([, v]) => v);
  const subject = product
    ? `Website inquiry: ${product.name}`
    : `Website inquiry from ${form.company || form.name}`;
  const text = `${form.message}\n\n--\nSent from the website's inquiry form\n${details.map(([k, v]) => `${k}: ${v}`).join('\n')}\n`;
  const messageId = `${randomUUID()}@website.quayside`;
  const composer = new MailComposer({
    from: { name: form.name, address: form.email },
    to,
    subject,
    text,
    date: new Date(),
    messageId: `<${messageId}>`,
    headers: {
      'X-Quayside-Source': 'website',
      ...(product ? { 'X-Quayside-Product': String(product.id) } : {}),
    },
    attachments: attachment
      ? [{ filename: attachment.name, content: attachment.bytes, contentType: attachment.mime }]
      : undefined,
  });
  return { messageId, subject, build: () => composer.compile().build() };
}

/** The customer of this address, or a new one with source Website (a concurrent submission may have made it). */
async function matchOrCreateCustomer(ctx: AppContext, form: SiteInquiry): Promise<number> {
  const { db } = ctx;
  const [found] = await findCustomersByEmails(db, [form.email]);
  if (found) return found.id;
  const fields = customerFields.parse({
    company_name: form.company.slice(0, 200),
    name: form.name,
    email: form.email.toLowerCase(),
    source: SOURCE_WEBSITE,
    nation: nationIdByCode(form.country),
    phone: form.phone,
    owner_id: null,
  });
  try {
    return (await createCustomer(db, fields, { id: 0 })).id;
  } catch (err) {
    const [again] = await findCustomersByEmails(db, [form.email]);
    if (again) return again.id;
    throw err;
  }
}

/**
 * A website inquiry becomes what a mailed one would be: an incoming email of type inquiry in the
 * account's inbox (parsed, sanitised and threaded by the sync's own steps), with the visitor's IP and
 * its country, the customer matched or created; staff are told at once. Null when no mail account exists.
 */
export async function storeSiteInquiry(
  ctx: AppContext,
  input: {
    form: SiteInquiry;
    product: InquiryProduct | null;
    ip: string;
    attachment?: InquiryAttachment;
    accountId: number | null;
  },
): Promise<{ emailId: number; customerId: number; accountId: number; trashed: boolean } | null> {
  const account = await inquiryAccount(ctx, input.accountId);
  if (!account) return null;
  const { db } = ctx;
  const env: SyncEnv = {
    database: ctx.database,
    db,
    files: ctx.files,
    events: ctx.events,
    secret: ctx.config.secret,
    options: DEFAULT_SYNC_OPTIONS,
    log: () => {},
  };
  const message = composeMessage(input.form, account.address, input.product, input.attachment);
  const source = await message.build();
  const date = new Date();
  const prepared = await prepareMessage(env, {
    uid: 0,
    dedupeKey: dedupeKeyOf({
      messageId: message.messageId,
      date,
      from: input.form.email,
      subject: message.subject,
      size: source.length,
    }),
    seen: false,
    internalDate: date,
    source,
  });
  const place = await lookupIp(input.ip).catch(() => ({ country_code: '' }));
  const customerId = await matchOrCreateCustomer(ctx, input.form);
  const blacklisted = (await loadBlacklist(db))(input.form.email);
  const [stored] = await db.transaction((tx) =>
    writeLocalEmails(tx, account.id, [
      {
        ...prepared,
        senderIp: input.ip,
        senderCountry: place.country_code || input.form.country,
        folder: blacklisted ? 'trash' : 'inbox',
        previousFolder: blacklisted ? 'inbox' : '',
        direction: 'in',
        type: 'inquiry',
        customerId,
      },
    ]),
  );
  if (!stored) throw new Error('inquiry not stored');
  await publishUnread(db, ctx.events);
  await publishNewMail(db, ctx.events, account.id, [{ id: stored.id, folder: stored.email.folder }]);
  return { emailId: stored.id, customerId, accountId: account.id, trashed: blacklisted };
}
