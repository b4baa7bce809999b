import { z } from 'zod';
import { idsBody, listQuery, queryBool, queryId, recordId, recordIds } from './envelope';
import { EMAIL_STATUS, EMAIL_TYPE, type EmailStatusId, type EmailTypeId } from './lookups';

/** The folders of the email menu. Inquiry and quotation are email types, listed like folders. */
export const EMAIL_FOLDERS = ['inbox', 'outbox', 'drafts', 'inquiry', 'quotation', 'trash'] as const;
export const emailFolder = z.enum(EMAIL_FOLDERS);
export type EmailFolder = z.infer<typeof emailFolder>;

export const emailType = z.enum(EMAIL_TYPE.map((t) => t.id) as [EmailTypeId, ...EmailTypeId[]]);
export const emailStatus = z.enum(EMAIL_STATUS.map((s) => s.id) as [EmailStatusId, ...EmailStatusId[]]);

export const emailAddress = z.object({ name: z.string(), address: z.string() });
export type EmailAddress = z.infer<typeof emailAddress>;

/** The matched customer shown beside an email. */
export const emailCustomer = z.object({
  id: z.number().int(),
  company_name: z.string(),
  name: z.string(),
  email: z.string(),
  nation: z.number().int().nullable(),
});
export type EmailCustomer = z.infer<typeof emailCustomer>;

/** A row of a folder list or a history (no bodies). */
export const emailListItem = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  /** inbox, outbox, drafts or trash. */
  folder: z.string(),
  type: emailType,
  status: emailStatus,
  handler_id: z.number().int().nullable(),
  handler_name: z.string(),
  subject: z.string(),
  from: emailAddress,
  to: z.array(emailAddress),
  cc: z.array(emailAddress),
  date: z.string(),
  read_at: z.string().nullable(),
  is_read: z.boolean(),
  has_attachment: z.boolean(),
  sender_ip: z.string(),
  /** ISO 3166 code of the sender IP's country ('' unknown), and its id in the nation lookup. */
  sender_country: z.string(),
  sender_nation: z.number().int(),
  customer_id: z.number().int().nullable(),
  customer: emailCustomer.nullable(),
  thread_id: z.number().int().nullable(),
  message_id: z.string(),
  /** '' (not outgoing), queued, sending, sent, failed. */
  send_status: z.string(),
  send_error: z.string(),
  /** When a queued email leaves: the end of its undo window, or the time it was scheduled for. */
  send_at: z.string().nullable(),
  /** Stored as .eml only: over the size limit, not parsed. */
  is_raw: z.boolean(),
});
export type EmailListItem = z.infer<typeof emailListItem>;

export const emailAttachment = z.object({
  id: z.number().int(),
  file_id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  content_id: z.string(),
  inline: z.boolean(),
  /** Download URL (add `&inline=1` to show an image). */
  url: z.string(),
});

export const emailDetail = emailListItem.extend({
  bcc: z.array(emailAddress),
  text: z.string(),
  /**
   * Sanitised HTML. Remote images carry `data-qs-remote-src` instead of `src` (and the class
   * `qs-remote-image`) until the reader allows them; cid: images point at their attachment.
   */
  html: z.string(),
  has_remote_images: z.boolean(),
  headers: z.array(z.object({ key: z.string(), value: z.string() })),
  attachments: z.array(emailAttachment),
  raw_file_id: z.number().int().nullable(),
  size: z.number().int(),
  in_reply_to: z.string(),
  references: z.array(z.string()),
  /** The other emails of the thread, oldest first. */
  thread: z.array(emailListItem),
});
export type EmailDetail = z.infer<typeof emailDetail>;

/** `YYYY-MM-DD` (a whole day) or an ISO time. */
const dateParam = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'not a date');
const optionalId = queryId.optional();

export const emailListQuery = listQuery.extend({
  folder: emailFolder.default('inbox'),
  /** Sender: part of the address or name. */
  from: z.string().trim().max(200).optional(),
  date_from: dateParam.optional(),
  date_to: dateParam.optional(),
  type: emailType.optional(),
  status: emailStatus.optional(),
  handler_id: optionalId,
  is_read: queryBool.optional(),
  has_attachment: queryBool.optional(),
  account_id: optionalId,
  customer_id: optionalId,
});
export type EmailListQuery = z.infer<typeof emailListQuery>;

export const emailHistoryQuery = listQuery.extend({
  address: z.email().optional(),
  customer_id: optionalId,
});
export type EmailHistoryQuery = z.infer<typeof emailHistoryQuery>;

export const changeTypeBody = idsBody.extend({ type: emailType });
export const updateStatusBody = idsBody.extend({ status: emailStatus });
export const updateHandlerBody = idsBody.extend({ handler_id: recordId.nullable() });
export const markReadBody = idsBody.extend({ read: z.boolean().default(true) });

export const unreadAnswer = z.object({ count: z.number().int() });

export const ipInfoQuery = z.object({ ip: z.union([z.ipv4(), z.ipv6()]) });
export const ipInfo = z.object({
  ip: z.string(),
  country_code: z.string(),
  country: z.string(),
  region: z.string(),
  city: z.string(),
  /** Id in the nation lookup (1 = unknown). */
  nation: z.number().int(),
});
export type IpInfo = z.infer<typeof ipInfo>;

/** An address (`a@b.com`) or a whole domain (`@b.com`). */
export const blacklistValue = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(/^([^\s@]+@|@)[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'an address or @domain');
export const blacklistEntry = z.object({
  id: z.number().int(),
  value: z.string(),
  remark: z.string(),
  created_at: z.string(),
});
export const addBlacklistBody = z.object({
  value: blacklistValue,
  remark: z.string().trim().max(500).default(''),
});

export const sendAccount = z.object({
  id: z.number().int(),
  address: z.string(),
  name: z.string(),
  signature: z.string(),
});

export const matchAddressQuery = z.object({ q: z.string().trim().min(1).max(200) });
export const matchAddressItem = z.object({
  address: z.string(),
  name: z.string(),
  customer_id: z.number().int().nullable(),
});

/** A mail account as answered: the passwords are never sent back, only whether one is set. */
export const emailAccount = z.object({
  id: z.number().int(),
  address: z.string(),
  name: z.string(),
  imap_host: z.string(),
  imap_port: z.number().int(),
  imap_secure: z.boolean(),
  imap_user: z.string(),
  has_imap_password: z.boolean(),
  smtp_host: z.string(),
  smtp_port: z.number().int(),
  smtp_secure: z.boolean(),
  smtp_user: z.string(),
  has_smtp_password: z.boolean(),
  signature: z.string(),
  user_ids: z.array(z.number().int()),
  enabled: z.boolean(),
  last_error: z.string(),
  last_synced_at: z.string().nullable(),
});
export type EmailAccount = z.infer<typeof emailAccount>;

export const emailAccountQuery = z.object({ id: optionalId });

const port = z.number().int().min(1).max(65535);
const host = z.string().trim().max(253);
/** Account fields; no `id` creates. An omitted or empty password keeps the stored one. */
export const emailAccountBody = z.object({
  id: recordId.optional(),
  address: z.email().trim().toLowerCase(),
  name: z.string().trim().max(100).default(''),
  imap_host: host.min(1),
  imap_port: port.default(993),
  imap_secure: z.boolean().default(true),
  imap_user: z.string().trim().min(1).max(254),
  imap_password: z.string().max(500).optional(),
  smtp_host: host.default(''),
  smtp_port: port.default(465),
  smtp_secure: z.boolean().default(true),
  smtp_user: z.string().trim().max(254).default(''),
  smtp_password: z.string().max(500).optional(),
  signature: z.string().max(20_000).default(''),
  user_ids: recordIds().default([]),
  enabled: z.boolean().default(true),
});
export type EmailAccountBody = z.infer<typeof emailAccountBody>;
/** Per protocol: 'ok' or the server's message. */
export const testAccountAnswer = z.object({ imap: z.string(), smtp: z.string() });

/** Compose (issue 6): a new draft, empty or from a source email. */
export const COMPOSE_MODES = ['new', 'reply', 'reply_all', 'forward'] as const;
export const composeQuery = z.object({
  mode: z.enum(COMPOSE_MODES).default('new'),
  /** The source email of reply, reply_all and forward. */
  id: optionalId,
  /** Prefilled recipient of a new email (e.g. from the customer page). */
  to: z.string().trim().max(500).optional(),
});
export type ComposeQuery = z.infer<typeof composeQuery>;

/** `"Name <a@b.c>"`, `"a@b.c"` or `{name, address}`; answers always use `{name, address}`. */
export const addressInput = z.union([
  emailAddress.extend({ address: z.email().trim().toLowerCase(), name: z.string().trim().max(200) }),
  z
    .string()
    .trim()
    .max(500)
    .transform((v, ctx) => {
      const m = v.match(/^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/) ?? [v, '', v];
      const address = (m[2] ?? '').trim().toLowerCase();
      if (!z.email().safeParse(address).success) {
        ctx.addIssue({ code: 'custom', message: 'not an address' });
        return z.NEVER;
      }
      return { name: (m[1] ?? '').trim(), address };
    }),
]);
const addressList = z.array(addressInput).max(500).default([]);

/**
 * A draft's fields. `version` is the draft's version as last read (its `updated_at`); a save with
 * an older one answers 409 CONFLICT instead of overwriting what another tab saved.
 */
export const saveDraftBody = z.object({
  id: recordId,
  version: z.string().max(40).optional(),
  account_id: recordId.optional(),
  to: addressList,
  cc: addressList,
  bcc: addressList,
  subject: z.string().max(998).default(''),
  html: z.string().max(5_000_000).default(''),
  /** File ids (from /api/file/upload/ or the source email's attachments). */
  attachment_ids: recordIds(100).default([]),
});
export type SaveDraftBody = z.infer<typeof saveDraftBody>;

export const draft = z.object({
  id: z.number().int(),
  version: z.string(),
  account_id: z.number().int(),
  to: z.array(emailAddress),
  cc: z.array(emailAddress),
  bcc: z.array(emailAddress),
  subject: z.string(),
  html: z.string(),
  attachment_ids: z.array(z.number().int()),
  in_reply_to: z.string(),
  references: z.array(z.string()),
});
export type Draft = z.infer<typeof draft>;
export const composeAnswer = z.object({ id: z.number().int(), version: z.string() });

/** Send: `{id}` plus any draft field to save first (each optional: a field left out stays as saved). */
export const sendEmailBody = z.object({
  id: recordId,
  version: z.string().max(40).optional(),
  account_id: recordId.optional(),
  to: z.array(addressInput).max(500).optional(),
  cc: z.array(addressInput).max(500).optional(),
  bcc: z.array(addressInput).max(500).optional(),
  subject: z.string().max(998).optional(),
  html: z.string().max(5_000_000).optional(),
  attachment_ids: recordIds(100).optional(),
  /** Scheduled send: the time it leaves (must be in the future, within a year). */
  send_at: z.iso.datetime({ offset: true }).optional(),
  /** Undo window of an unscheduled send: it leaves this many seconds from now (default 10). */
  undo_seconds: z.number().int().min(0).max(60).optional(),
});
export type SendEmailBody = z.infer<typeof sendEmailBody>;
export const sendAnswer = z.object({
  id: z.number().int(),
  send_status: z.string(),
  /** When it leaves (ISO); until then `cancel_send` takes it back to the drafts. */
  send_at: z.string().nullable(),
  /**
   * Seconds from this answer until it leaves: the undo window as the server keeps it, on no one's
   * clock (a browser's may differ from the server's).
   */
  undo_seconds: z.number().int().nonnegative(),
});
export type SendAnswer = z.infer<typeof sendAnswer>;
/** Undo send / unschedule: a queued email not yet being sent goes back to the drafts. */
export const cancelSendBody = z.object({ id: recordId });
