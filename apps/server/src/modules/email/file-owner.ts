import { and, eq, isNull } from 'drizzle-orm';
import { emailAttachments, emails } from '../../db/schema';
import type { FileOwner } from '../files/owners';
import { mayReadAccountMail } from './access';
import { mayUseAccounts } from './accounts';

/** Mail written in the app (a draft, or sent from here), which the draft's rule also opens. */
const composed = (e: { folder: string; sendStatus: string }) => e.folder === 'drafts' || e.sendStatus !== '';

/**
 * A message's source (.eml) and attachments: readable by whoever may read the email (an admin; a
 * salesperson on its account); the
 * attachments of a draft or of mail sent from the app also by the users of its account.
 */
export const emailFileOwner: FileOwner = {
  kind: 'email',
  async access(db, user, fileId) {
    const holder = { accountId: emails.accountId, folder: emails.folder, sendStatus: emails.sendStatus };
    // A file has a holder or two (a forward copies the attachment rows); the cap only bounds the read.
    const [asSource, asAttachment] = await Promise.all([
      db
        .select(holder)
        .from(emails)
        .where(and(eq(emails.rawFileId, fileId), isNull(emails.deletedAt)))
        .limit(50),
      db
        .select(holder)
        .from(emailAttachments)
        .innerJoin(emails, eq(emails.id, emailAttachments.emailId))
        .where(and(eq(emailAttachments.fileId, fileId), isNull(emails.deletedAt)))
        .limit(50),
    ]);
    const holders = [...asSource, ...asAttachment];
    if (holders.length === 0) return 'none';
    if (!user) return 'deny';
    for (const accountId of new Set(holders.map((h) => h.accountId)))
      if (await mayReadAccountMail(db, user, accountId)) return 'allow';
    const accounts = [...new Set(holders.filter(composed).map((h) => h.accountId))];
    for (const accountId of accounts) if (await mayUseAccounts(db, user, [accountId])) return 'allow';
    return 'deny';
  },
};
