import { z } from 'zod';
import { customerListQuery } from './customers';
import { listQuery, queryId, recordId, recordIds } from './envelope';
import { TASK_TYPE } from './lookups';

/** fixed: one email every `interval_minutes`; random: each at a random minute of the window. */
export const TASK_TYPES = TASK_TYPE.map((t) => t.id) as ['fixed', 'random'];
export type TaskType = (typeof TASK_TYPES)[number];
/** A task's own state; the recipients carry the per-email status (TASK_STATUS lookup). */
export const TASK_STATES = ['draft', 'running', 'paused', 'cancelled', 'done'] as const;
export type TaskState = (typeof TASK_STATES)[number];
export const RECIPIENT_STATUSES = ['pending', 'sending', 'sent', 'opened', 'failed', 'skipped'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
/** Why an address was left out. */
export const SKIP_REASONS = ['blacklisted', 'unsubscribed', 'malformed', 'duplicate'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const MAX_TASK_ADDRESSES = 20_000;
export const MAX_INTERVAL_MINUTES = 7 * 24 * 60;

/** The customer list's own filters (its query parameters), choosing recipients. */
export const taskCustomerFilter = customerListQuery.pick({
  q: true,
  grade: true,
  source: true,
  nation: true,
  religion: true,
  situation: true,
  owner: true,
});
export type TaskCustomerFilter = z.infer<typeof taskCustomerFilter>;
const ids = z.array(z.number().int()).optional();
/** The filter as stored and answered (ids as numbers). */
export const taskCustomerFilterAnswer = z.object({
  q: z.string().optional(),
  grade: ids,
  source: ids,
  nation: ids,
  religion: ids,
  situation: ids,
  owner: z.union([z.literal('me'), z.number().int()]).optional(),
});

const isoDateTime = z.iso.datetime({ offset: true });

/** Who gets it: customers by filter and/or pasted addresses (strings, deduplicated by the server). */
export const taskAudience = z.object({
  customer_filter: taskCustomerFilter.nullable().default(null),
  addresses: z.array(z.string().max(400)).max(MAX_TASK_ADDRESSES).default([]),
});
export type TaskAudience = z.infer<typeof taskAudience>;

/** The text of a task, editable while it is a draft or paused. */
const textFields = {
  name: z.string().trim().min(1).max(200),
  remark: z.string().max(2000),
  subject: z.string().trim().min(1).max(500),
  html: z.string().max(500_000),
  attachment_ids: recordIds(20),
  copy_to_sent: z.boolean(),
};
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/**
 * Send only within these hours of a time zone (IANA name, e.g. Europe/Berlin; the server refuses an
 * unknown one); days are ISO weekdays, 1 = Monday … 7 = Sunday; `end` after `start`, same day.
 */
export const workingHours = z.object({
  time_zone: z.string().trim().min(1).max(64),
  days: z
    .array(z.number().int().min(1).max(7))
    .min(1)
    .max(7)
    .transform((d) => [...new Set(d)].sort((a, b) => a - b)),
  start: clock,
  end: clock,
});
export type WorkingHours = z.infer<typeof workingHours>;
export const WORKDAYS = [1, 2, 3, 4, 5];

const scheduleFields = {
  type: z.enum(TASK_TYPES),
  interval_minutes: z.number().int().min(0).max(MAX_INTERVAL_MINUTES),
  window_start: isoDateTime.nullable(),
  window_end: isoDateTime.nullable(),
  working_hours: workingHours.nullable(),
};

export const taskCreate = z.object({
  ...taskAudience.shape,
  name: textFields.name,
  remark: textFields.remark.default(''),
  account_id: recordId,
  subject: textFields.subject,
  html: textFields.html,
  attachment_ids: textFields.attachment_ids.default([]),
  copy_to_sent: textFields.copy_to_sent.default(false),
  type: scheduleFields.type.default('fixed'),
  interval_minutes: scheduleFields.interval_minutes.default(0),
  window_start: scheduleFields.window_start.default(null),
  window_end: scheduleFields.window_end.default(null),
  working_hours: scheduleFields.working_hours.default(null),
});
export type TaskCreate = z.infer<typeof taskCreate>;

/** A draft's or a paused task's text and schedule; the emails already sent keep theirs. */
export const taskUpdate = z
  .object({ ...textFields, ...scheduleFields })
  .partial()
  .extend({ id: recordId });
export type TaskUpdate = z.infer<typeof taskUpdate>;

export const taskCounts = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  sent: z.number().int(),
  opened: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  /** Opens counted (scanner and prefetch hits left out): an estimate. */
  open_count: z.number().int(),
  /** Percent of the sendable recipients that are no longer pending, 0–100. */
  progress: z.number().int(),
});
export type TaskCounts = z.infer<typeof taskCounts>;

export const taskListItem = taskCounts.extend({
  id: z.number().int(),
  name: z.string(),
  remark: z.string(),
  type: z.enum(TASK_TYPES),
  status: z.enum(TASK_STATES),
  account_id: z.number().int(),
  account_address: z.string(),
  interval_minutes: z.number().int(),
  window_start: z.string().nullable(),
  window_end: z.string().nullable(),
  working_hours: z
    .object({ time_zone: z.string(), days: z.array(z.number().int()), start: z.string(), end: z.string() })
    .nullable(),
  next_send_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
});
export type TaskListItem = z.infer<typeof taskListItem>;

export const task = taskListItem.extend({
  subject: z.string(),
  html: z.string(),
  attachment_ids: z.array(z.number().int()),
  /** The attached files' names and sizes, in `attachment_ids` order. */
  attachments: z.array(
    z.object({ file_id: z.number().int(), name: z.string(), size: z.number().int(), mime: z.string() }),
  ),
  copy_to_sent: z.boolean(),
  customer_filter: taskCustomerFilterAnswer.nullable(),
  /** Whether the signed-in user may start, pause and edit it. */
  can_edit: z.boolean(),
});
export type Task = z.infer<typeof task>;

export const taskListQuery = listQuery.extend({
  status: z.enum(TASK_STATES).optional(),
  account_id: queryId.optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuery>;

export const taskIdBody = z.object({ id: recordId });

export const taskRecipientsQuery = listQuery.extend({
  id: queryId,
  status: z.enum(RECIPIENT_STATUSES).optional(),
});
export type TaskRecipientsQuery = z.infer<typeof taskRecipientsQuery>;

export const taskRecipient = z.object({
  id: z.number().int(),
  address: z.string(),
  name: z.string(),
  customer_id: z.number().int().nullable(),
  status: z.enum(RECIPIENT_STATUSES),
  /** The SMTP reason of a failure, or the skip reason. */
  error: z.string(),
  scheduled_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  open_count: z.number().int(),
});
export type TaskRecipient = z.infer<typeof taskRecipient>;

/** Failed recipients back to pending; without `recipient_ids`, every failed one of the task. */
export const taskRetry = z.object({ id: recordId, recipient_ids: recordIds().optional() });

/** How many the audience reaches, before saving. */
export const taskAudienceCount = z.object({
  total: z.number().int(),
  sendable: z.number().int(),
  skipped: z.array(z.object({ address: z.string(), reason: z.enum(SKIP_REASONS) })),
});
export type TaskAudienceCount = z.infer<typeof taskAudienceCount>;

/** The subject and body as one recipient would get them. */
export const taskPreviewBody = z.object({
  subject: z.string().max(500),
  html: z.string().max(500_000),
  address: z.string().max(400),
});
export const taskPreview = z.object({ subject: z.string(), html: z.string() });

export const taskDailyCap = z.object({
  account_id: recordId,
  daily_cap: z.number().int().min(1).max(1_000_000),
});
export type TaskDailyCap = z.infer<typeof taskDailyCap>;

/**
 * A test of the message to oneself: a saved task (`id`) or the draft's own text and account; merge
 * fields filled for `address` (a customer's or any address) when given. It goes to the sending
 * account's own address, subject prefixed "[Test] ", and touches no recipient.
 */
export const taskTestSend = z
  .object({
    id: recordId.optional(),
    account_id: recordId.optional(),
    subject: z.string().max(500).optional(),
    html: z.string().max(500_000).optional(),
    attachment_ids: recordIds(20).optional(),
    address: z.string().max(400).optional(),
  })
  .refine((b) => b.id !== undefined || b.account_id !== undefined, {
    path: ['account_id'],
    message: 'Required',
  });
export type TaskTestSend = z.infer<typeof taskTestSend>;
export const taskTestSent = z.object({ to: z.string(), subject: z.string() });
