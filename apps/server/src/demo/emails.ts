import { and, eq } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import { emailAccounts, emailAccountUsers, emailBlacklist, emailFolders, emails } from '../db/schema';
import type { AppContext } from '../lib/context';
import { loadBlacklist } from '../modules/email/blacklist';
import { classifyMessages } from '../modules/email/sync/batch';
import { dedupeKeyOf } from '../modules/email/sync/message';
import { prepareMessage } from '../modules/email/sync/prepare';
import { writeBatch } from '../modules/email/sync/store';
import { DEFAULT_SYNC_OPTIONS, type FolderRole, type SyncEnv } from '../modules/email/sync/types';
import { pdfOf, samplePhotoPng } from './documents';
import { DEMO_ADDRESS, DEMO_BLACKLIST, DEMO_MAILS, type DemoAttachment, type DemoMail } from './mailbox';

const DOMAIN = DEMO_ADDRESS.split('@')[1]!;
const messageIdOf = (key: string) => `${key}@demo.${DOMAIN}`;

function attachment(a: DemoAttachment) {
  if (a.kind === 'photo') return { filename: a.name, content: samplePhotoPng(), cid: 'photo' };
  return {
    filename: a.name,
    content: pdfOf(a.title ?? a.name, a.lines ?? []),
    contentType: 'application/pdf',
  };
}

/** The message as the sender's mail program wrote it, with the Received line a mail server adds. */
async function rawMessage(m: DemoMail, date: Date): Promise<Buffer> {
  const composer = new MailComposer({
    from: m.from,
    to: m.to,
    cc: m.cc,
    subject: m.subject,
    text: m.text,
    html: m.html,
    date,
    messageId: `<${messageIdOf(m.key)}>`,
    inReplyTo: m.replyTo ? `<${messageIdOf(m.replyTo)}>` : undefined,
    references: m.replyTo ? `<${messageIdOf(m.replyTo)}>` : undefined,
    headers: {
      ...(m.ip
        ? {
            Received: `from mail.sender.example ([${m.ip}]) by mx.${DOMAIN} with ESMTPS; ${date.toUTCString()}`,
          }
        : {}),
      ...m.headers,
    },
    attachments: m.attachments?.map(attachment),
  });
  return composer.compile().build();
}

/**
 * The demo mailbox (`sales@harbourline.test`, for Lily and Tom), stored through the sync's own steps
 * (parse, sanitise, files, customer match, blacklist, inquiry rule, threads), then what the staff did
 * with it. The account is disabled: nothing tries to reach its server. Answers the messages stored.
 */
export async function seedDemoEmails(ctx: AppContext, staff: { lily: number; tom: number }): Promise<number> {
  const { db } = ctx;
  const [account] = await db
    .insert(emailAccounts)
    .values({
      address: DEMO_ADDRESS,
      name: 'Harbourline Sales',
      imapHost: `imap.${DOMAIN}`,
      imapUser: DEMO_ADDRESS,
      smtpHost: `smtp.${DOMAIN}`,
      smtpUser: DEMO_ADDRESS,
      signature: '<p>Best regards,<br>Harbourline Trading Co., Ltd.<br>Ningbo, China</p>',
      enabled: false,
    })
    .returning();
  if (!account) throw new Error('demo account not created');
  await db.insert(emailAccountUsers).values([
    { accountId: account.id, userId: staff.lily },
    { accountId: account.id, userId: staff.tom },
  ]);
  await db
    .insert(emailBlacklist)
    .values({ value: DEMO_BLACKLIST, remark: 'Sells email lists' })
    .onConflictDoNothing();

  const env: SyncEnv = {
    database: ctx.database,
    db,
    files: ctx.files,
    events: ctx.events,
    secret: ctx.config.secret,
    options: DEFAULT_SYNC_OPTIONS,
    log: (message, err) => console.error(`[demo] ${message}`, err ?? ''),
  };
  const blacklist = await loadBlacklist(db);
  const now = Date.now();
  let stored = 0;
  const folders: [FolderRole, string][] = [
    ['sent', 'Sent'],
    ['inbox', 'INBOX'],
  ];
  for (const [role, path] of folders) {
    const mails = DEMO_MAILS.filter((m) => (m.folder === 'sent') === (role === 'sent'));
    const [folder] = await db
      .insert(emailFolders)
      .values({ accountId: account.id, path, role, uidValidity: '1' })
      .returning();
    if (!folder) throw new Error('demo folder not created');
    const prepared = [];
    for (const [i, m] of mails.entries()) {
      const date = new Date(now - m.hoursAgo * 3_600_000);
      const source = await rawMessage(m, date);
      const dedupeKey = dedupeKeyOf({
        messageId: messageIdOf(m.key),
        date,
        from: m.from.address,
        subject: m.subject,
        size: source.length,
      });
      prepared.push(
        await prepareMessage(env, {
          uid: i + 1,
          dedupeKey,
          seen: m.seen ?? false,
          internalDate: date,
          source,
        }),
      );
    }
    const fresh = await classifyMessages({ env, account, folder, role, blacklist }, prepared);
    const { inserted } = await db.transaction((tx) =>
      writeBatch(tx, {
        accountId: account.id,
        folder,
        maxUid: mails.length,
        fresh,
        links: [],
        aliases: [],
        toTrash: [],
      }),
    );
    stored += inserted.length;
  }

  for (const m of DEMO_MAILS) {
    if (!m.staff) continue;
    const { status, handler, type } = m.staff;
    await db
      .update(emails)
      .set({
        ...(status ? { status } : {}),
        ...(handler ? { handlerId: staff[handler] } : {}),
        ...(type ? { type } : {}),
      })
      .where(and(eq(emails.accountId, account.id), eq(emails.messageId, messageIdOf(m.key))));
  }
  return stored;
}
