import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { files } from './files';
import { users } from './users';

/** A name and address as stored in `to`, `cc`, `bcc`. */
export type StoredAddress = { name: string; address: string };
/** One header line of a message, in order. */
export type StoredHeader = { key: string; value: string };

/** A company mailbox: IMAP to read, SMTP to send. Passwords are AES-256-GCM ciphertext (see accounts.ts). */
export const emailAccounts = pgTable(
  'email_accounts',
  {
    id: serial('id').primaryKey(),
    address: text('address').notNull(),
    name: text('name').notNull().default(''),
    imapHost: text('imap_host').notNull(),
    imapPort: integer('imap_port').notNull().default(993),
    imapSecure: boolean('imap_secure').notNull().default(true),
    imapUser: text('imap_user').notNull(),
    imapPassword: text('imap_password').notNull().default(''),
    smtpHost: text('smtp_host').notNull().default(''),
    smtpPort: integer('smtp_port').notNull().default(465),
    smtpSecure: boolean('smtp_secure').notNull().default(true),
    smtpUser: text('smtp_user').notNull().default(''),
    smtpPassword: text('smtp_password').notNull().default(''),
    signature: text('signature').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /** The server's message of the last failed sync or connection; '' when the last one worked. */
    lastError: text('last_error').notNull().default(''),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_accounts_address').on(sql`lower(${t.address})`)],
);

/** Which users may use (read the unread count of, send from) an account; admins use every account. */
export const emailAccountUsers = pgTable(
  'email_account_users',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => emailAccounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] }), index('email_account_users_user').on(t.userId)],
);

/** Sync state of one IMAP folder (EMAIL.md sync rule 1). */
export const emailFolders = pgTable(
  'email_folders',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => emailAccounts.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    /** inbox, sent, drafts, trash or junk (from the special-use flags). */
    role: text('role').notNull(),
    /** UIDVALIDITY as text: it is an unsigned 32-bit number, and some servers send more. */
    uidValidity: text('uid_validity').notNull().default(''),
    lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
    highestModseq: text('highest_modseq').notNull().default(''),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('email_folders_account_path').on(t.accountId, t.path)],
);

export const emails = pgTable(
  'emails',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => emailAccounts.id),
    /** App folder: inbox, outbox, drafts or trash. Inquiry and quotation are types, not folders. */
    folder: text('folder').notNull().default('inbox'),
    /** in (received) or out (sent by the company). */
    direction: text('direction').notNull().default('in'),
    type: text('type').notNull().default('normal'),
    status: text('status').notNull().default('unhandled'),
    handlerId: integer('handler_id').references(() => users.id, { onDelete: 'set null' }),
    /** Normalised Message-ID (lower case, no angle brackets); '' when the message has none. */
    messageId: text('message_id').notNull().default(''),
    /** What makes a message unique within its account (sync rule 6). */
    dedupeKey: text('dedupe_key').notNull(),
    inReplyTo: text('in_reply_to').notNull().default(''),
    references: text('references').array().notNull().default(sql`'{}'::text[]`),
    /** Id of the thread's first email (itself for a new thread). */
    threadId: integer('thread_id'),
    subject: text('subject').notNull().default(''),
    /** Subject without Re:/Fwd:/回复:/转发: prefixes, lower case: the thread fallback (rule 8). */
    baseSubject: text('base_subject').notNull().default(''),
    fromName: text('from_name').notNull().default(''),
    fromAddress: text('from_address').notNull().default(''),
    to: jsonb('to').$type<StoredAddress[]>().notNull().default([]),
    cc: jsonb('cc').$type<StoredAddress[]>().notNull().default([]),
    bcc: jsonb('bcc').$type<StoredAddress[]>().notNull().default([]),
    date: timestamp('date', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    isRead: boolean('is_read').notNull().default(false),
    /** \Seen as last read from the server, so that only a change made there is applied here. */
    serverSeen: boolean('server_seen').notNull().default(false),
    hasAttachment: boolean('has_attachment').notNull().default(false),
    text: text('text').notNull().default(''),
    /** Sanitised HTML (sanitize.ts); remote images are marked, not loaded. */
    html: text('html').notNull().default(''),
    hasRemoteImages: boolean('has_remote_images').notNull().default(false),
    headers: jsonb('headers').$type<StoredHeader[]>().notNull().default([]),
    rawFileId: integer('raw_file_id').references(() => files.id),
    size: integer('size').notNull().default(0),
    /** Over the parse limit: kept as .eml only (sync rule 9). */
    isRaw: boolean('is_raw').notNull().default(false),
    senderIp: text('sender_ip').notNull().default(''),
    /** ISO 3166 code of the sender IP's country, '' when unknown. */
    senderCountry: text('sender_country').notNull().default(''),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** Outgoing mail (issue 6): '', queued, sending, sent or failed, with the server's reason. */
    sendStatus: text('send_status').notNull().default(''),
    sendError: text('send_error').notNull().default(''),
    /** When a queued email may leave: the end of its undo window, or its scheduled time. */
    sendAt: timestamp('send_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    trashedAt: timestamp('trashed_at', { withTimezone: true }),
    /** Where restore puts a trashed email back. */
    previousFolder: text('previous_folder').notNull().default(''),
    /** Deleted forever: the row stays, without bodies, so the next sync does not import it again. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(subject || ' ' || from_name || ' ' || from_address || ' ' || left("text", 2000))`,
      ),
  },
  (t) => [
    uniqueIndex('emails_account_dedupe').on(t.accountId, t.dedupeKey),
    /**
     * The folder lists (service.ts): `deleted_at IS NULL AND folder = ? ORDER BY date DESC, id DESC`
     * (ascending: read backwards) is one index range, so a page reads only its rows. The order must
     * be the query's, NULLS placement included (DESC is NULLS FIRST): `date DESC NULLS LAST` without
     * `id` made every page sort the whole folder. The capped total counts it index-only.
     */
    index('emails_folder_date')
      .on(t.folder, t.date.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at IS NULL`),
    index('emails_folder_subject').on(t.folder, t.subject, t.id).where(sql`deleted_at IS NULL`),
    /** A salesperson's folder lists: her accounts' mail only, in the same order. */
    index('emails_account_folder_date')
      .on(t.accountId, t.folder, t.date.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at IS NULL`),
    /** Inquiry and quotation are types shown across folders, drafts and trash aside (folderFilter). */
    index('emails_type_date')
      .on(t.type, t.date.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at IS NULL AND folder <> 'trash' AND folder <> 'drafts'`),
    /**
     * The status and handler filters, in date order. Partial: new mail is unhandled and has no
     * handler, so the sync writes no entry in either (its cost is the database's, rows and indexes).
     * "Unhandled" is most of a mailbox: the folder's own index finds its rows at once.
     */
    index('emails_status_date')
      .on(t.status, t.date.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at IS NULL AND status <> 'unhandled'`),
    index('emails_handler_date')
      .on(t.handlerId, t.date.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at IS NULL AND handler_id IS NOT NULL`),
    index('emails_customer_date').on(t.customerId, t.date.desc()),
    index('emails_thread').on(t.threadId),
    index('emails_account_message_id').on(t.accountId, t.messageId),
    index('emails_account_in_reply_to').on(t.accountId, t.inReplyTo),
    index('emails_from_address').on(t.fromAddress),
    index('emails_account_base_subject').on(t.accountId, t.baseSubject),
    /** Who may download a file asks which email holds it (modules/email/file-owner.ts). */
    index('emails_raw_file').on(t.rawFileId),
    index('emails_unread')
      .on(t.accountId)
      .where(sql`is_read = false AND folder = 'inbox' AND deleted_at IS NULL`),
    index('emails_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    /**
     * The inquiry list's rows (type inquiry, not trashed, drafts included) in date order, with what
     * the dashboard reads of them: its waiting-inquiries card and countries chart read this index
     * alone instead of the table (1M emails: a 0.5 s scan → tens of ms).
     */
    index('emails_inquiry_date')
      .on(t.date, t.id, t.threadId, t.customerId, t.senderCountry, t.handlerId)
      .where(sql`type = 'inquiry' AND deleted_at IS NULL AND folder <> 'trash'`),
    /**
     * Search everywhere's inquiries and sent mail (search/service.ts): the same trigram index over
     * only the inquiries (a tenth of the mail) and only the outbox (another tenth). A rare word's
     * index read costs with the size of the posting lists of its common trigrams ("buy" is in every
     * email), so each reads a tenth of what the whole index does (1M emails: ~20 ms → ~2 ms).
     */
    index('emails_inquiry_search_trgm')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(sql`type = 'inquiry' AND deleted_at IS NULL`),
    index('emails_outbox_search_trgm')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(sql`folder = 'outbox' AND deleted_at IS NULL`),
    /** Mail of ours that went out, by thread: "is this inquiry answered" without reading the thread. */
    index('emails_thread_answers')
      .on(t.threadId)
      .where(sql`direction = 'out' AND send_status IN ('', 'sent') AND deleted_at IS NULL`),
    /** The send queue as the worker sees it at start (crash recovery): small, so partial. */
    index('emails_send_pending').on(t.sendStatus).where(sql`send_status IN ('queued', 'sending')`),
  ],
);

/**
 * How many emails (not deleted forever) there are per UTC day of their date and per everything the
 * dashboard filters them by: the account (whose users see them), folder, type, handler, author and
 * send status. A day's figure is a sum of a few rows instead of a count over a million emails.
 * Kept by statement triggers on `emails` in the same transaction as each insert, update or delete
 * (migration 0014, which also filled it); nothing in the app writes it. 0 is "no handler / author".
 */
export const emailDayCounts = pgTable(
  'email_day_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    accountId: integer('account_id').notNull(),
    folder: text('folder').notNull(),
    type: text('type').notNull(),
    handlerId: integer('handler_id').notNull(),
    createdBy: integer('created_by').notNull(),
    sendStatus: text('send_status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.day, t.accountId, t.folder, t.type, t.handlerId, t.createdBy, t.sendStatus],
    }),
  ],
);

/** Where a message sits on the server: (folder, uid) → email. Dropped when UIDVALIDITY changes (rule 5). */
export const emailUids = pgTable(
  'email_uids',
  {
    folderId: integer('folder_id')
      .notNull()
      .references(() => emailFolders.id, { onDelete: 'cascade' }),
    uid: bigint('uid', { mode: 'number' }).notNull(),
    emailId: integer('email_id')
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.folderId, t.uid] }), index('email_uids_email').on(t.emailId)],
);

export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: serial('id').primaryKey(),
    emailId: integer('email_id')
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    mime: text('mime').notNull(),
    /** Content-ID without brackets, for cid: images in the HTML. */
    contentId: text('content_id').notNull().default(''),
    inline: boolean('inline').notNull().default(false),
  },
  (t) => [index('email_attachments_email').on(t.emailId), index('email_attachments_file').on(t.fileId)],
);

/** Every party of every email, for history by address and address completion. */
export const emailAddresses = pgTable(
  'email_addresses',
  {
    emailId: integer('email_id')
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    /** from, to, cc or bcc. */
    role: text('role').notNull(),
    address: text('address').notNull(),
    name: text('name').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.emailId, t.role, t.address] }),
    index('email_addresses_address').on(t.address.op('text_pattern_ops')),
    index('email_addresses_name').on(sql`lower(${t.name}) text_pattern_ops`),
  ],
);

/** Senders whose new mail goes straight to trash: `a@b.com` or a whole `@b.com`. */
export const emailBlacklist = pgTable(
  'email_blacklist',
  {
    id: serial('id').primaryKey(),
    /** Lower case. */
    value: text('value').notNull().unique(),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_blacklist_created').on(t.createdAt)],
);
