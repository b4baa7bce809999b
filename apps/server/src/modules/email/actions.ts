import type { EmailStatusId, EmailTypeId } from '@quayside/contract';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailAddresses, emailAttachments, emails, users } from '../../db/schema';
import { invalid } from '../../lib/errors';
import type { EventHub } from '../../lib/events';
import { trashedColumns } from './trash';
import { publishUnread } from './unread';

/** Bulk actions of the folder lists; each touches only live (not deleted forever) emails. */
const live = (ids: number[]) => and(inArray(emails.id, ids), isNull(emails.deletedAt));

export async function changeType(db: Db, ids: number[], type: EmailTypeId): Promise<void> {
  await db.update(emails).set({ type, updatedAt: new Date() }).where(live(ids));
}

export async function updateStatus(db: Db, ids: number[], status: EmailStatusId): Promise<void> {
  await db.update(emails).set({ status, updatedAt: new Date() }).where(live(ids));
}

export async function updateHandler(db: Db, ids: number[], handlerId: number | null): Promise<void> {
  if (handlerId !== null) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, handlerId));
    if (!user) throw invalid('handler_id', 'handlerNotFound');
  }
  await db.update(emails).set({ handlerId, updatedAt: new Date() }).where(live(ids));
}

export async function markRead(db: Db, events: EventHub, ids: number[], read: boolean): Promise<void> {
  await db
    .update(emails)
    .set({
      isRead: read,
      readAt: read ? sql`COALESCE(${emails.readAt}, now())` : null,
      updatedAt: new Date(),
    })
    .where(and(live(ids), ne(emails.isRead, read)));
  await publishUnread(db, events);
}

/** To the trash; it remembers where it was. Mail trashed here is not imported again by the sync. */
export async function trashEmails(db: Db, events: EventHub, ids: number[]): Promise<void> {
  await db
    .update(emails)
    .set(trashedColumns())
    .where(and(live(ids), ne(emails.folder, 'trash')));
  await publishUnread(db, events);
}

export async function restoreEmails(db: Db, events: EventHub, ids: number[]): Promise<void> {
  await db
    .update(emails)
    .set({
      folder: sql`COALESCE(NULLIF(${emails.previousFolder}, ''), CASE WHEN ${emails.direction} = 'out' THEN 'outbox' ELSE 'inbox' END)`,
      previousFolder: '',
      trashedAt: null,
      updatedAt: new Date(),
    })
    .where(and(live(ids), eq(emails.folder, 'trash')));
  await publishUnread(db, events);
}

/**
 * Deleted forever: bodies, parties and attachments go; a tombstone keeps the dedupe key and the
 * server links, so the next sync does not bring the message back (sync rule 10).
 */
export async function deleteEmails(db: Db, events: EventHub, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(emailAttachments).where(inArray(emailAttachments.emailId, ids));
    await tx.delete(emailAddresses).where(inArray(emailAddresses.emailId, ids));
    await tx
      .update(emails)
      .set({
        deletedAt: new Date(),
        folder: 'trash',
        html: '',
        text: '',
        headers: [],
        to: [],
        cc: [],
        bcc: [],
        rawFileId: null,
        hasAttachment: false,
        updatedAt: new Date(),
      })
      .where(live(ids));
  });
  await publishUnread(db, events);
}
