import type { WorkingHours } from '@quayside/contract';
import { sql } from 'drizzle-orm';
import {
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
import { emailAccounts, emails } from './email';
import { users } from './users';

/**
 * An email campaign (issue 19): one message, many recipients, paced. Soft-deleted so that the
 * unsubscribe links of its emails keep working.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    accountId: integer('account_id')
      .notNull()
      .references(() => emailAccounts.id),
    /** fixed (one email every interval_minutes) or random (a random minute within the window). */
    type: text('type').notNull(),
    intervalMinutes: integer('interval_minutes').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }),
    windowEnd: timestamp('window_end', { withTimezone: true }),
    /**
     * Send only within these hours of a time zone (IANA name, ISO weekdays 1 = Monday, 'HH:MM'
     * local times); null sends at any hour.
     */
    workingHours: jsonb('working_hours').$type<WorkingHours | null>(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    attachmentIds: jsonb('attachment_ids').$type<number[]>().notNull().default([]),
    /** The customer list's own query the recipients were chosen with, kept to show it again. */
    customerFilter: jsonb('customer_filter').$type<Record<string, unknown> | null>(),
    copyToSent: boolean('copy_to_sent').notNull().default(false),
    /** draft, running, paused, cancelled or done. */
    status: text('status').notNull().default('draft'),
    /** Where the tracking pixel and unsubscribe links point (the address staff started it from). */
    publicUrl: text('public_url').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Its recipients per status and their opens, kept by triggers on task_recipients (migration
     * 0018, docs/decisions/tasks.md): the list and the progress read these, never a count.
     */
    recipientsPending: integer('recipients_pending').notNull().default(0),
    recipientsSending: integer('recipients_sending').notNull().default(0),
    recipientsSent: integer('recipients_sent').notNull().default(0),
    recipientsOpened: integer('recipients_opened').notNull().default(0),
    recipientsFailed: integer('recipients_failed').notNull().default(0),
    recipientsSkipped: integer('recipients_skipped').notNull().default(0),
    openCount: integer('open_count').notNull().default(0),
  },
  (t) => [index('tasks_created').on(t.createdAt.desc(), t.id.desc()), index('tasks_status').on(t.status)],
);

/** One address of a task: sent at most once (unique per task), with its own schedule and opens. */
export const taskRecipients = pgTable(
  'task_recipients',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** Lower case. */
    address: text('address').notNull(),
    name: text('name').notNull().default(''),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** pending, sending (claimed by a worker), sent, opened, failed or skipped. */
    status: text('status').notNull().default('pending'),
    /** The SMTP reason of a failure, or why it was skipped (blacklisted, unsubscribed, malformed, duplicate). */
    error: text('error').notNull().default(''),
    /** Drawn when the task starts and stored, so a restart keeps the schedule. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    openCount: integer('open_count').notNull().default(0),
    /** Every pixel request, scanners and prefetches included. */
    hitCount: integer('hit_count').notNull().default(0),
    /** Unguessable, for the pixel and the unsubscribe link. */
    token: text('token').notNull(),
    messageId: text('message_id').notNull().default(''),
    emailId: integer('email_id').references(() => emails.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('task_recipients_task_address').on(t.taskId, t.address),
    uniqueIndex('task_recipients_token').on(t.token),
    index('task_recipients_task_status').on(t.taskId, t.status),
    index('task_recipients_due').on(t.scheduledAt).where(sql`status = 'pending'`),
    /** A task's next send (the list's), one probe instead of a scan of its pending recipients. */
    index('task_recipients_task_due').on(t.taskId, t.scheduledAt).where(sql`status = 'pending'`),
    index('task_recipients_message_id').on(t.messageId).where(sql`message_id <> ''`),
  ],
);

/** A sending account's daily cap, shared by every task; an account without a row has the default. */
export const taskAccountLimits = pgTable('task_account_limits', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => emailAccounts.id, { onDelete: 'cascade' }),
  dailyCap: integer('daily_cap').notNull(),
});

/** Emails claimed per sending account and UTC day: the claim locks this row, so the cap holds across workers. */
export const taskAccountUsage = pgTable(
  'task_account_usage',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => emailAccounts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    sent: integer('sent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);
