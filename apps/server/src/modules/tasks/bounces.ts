import { sql } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import type { Db } from '../../db/client';
import type { EventHub } from '../../lib/events';
import { normaliseMessageId, type ParsedMessage } from '../email/sync/message';
import { announceTask } from './service';

/**
 * Delivery failure reports (bounces) of task emails. A report found among newly synced mail of an
 * account marks the task recipient it is about `failed` with the reason, only among the emails that
 * account sent: found by the Message-ID the sender gave that email (quoted in the report's returned
 * message or headers), else by the failed address among the recipients the account sent to shortly
 * before. Only a permanent failure counts
 * (`Action: failed`); a delay (`Action: delayed`, 4.x.x) changes nothing.
 */

export type BounceRecipient = {
  address: string;
  /** `failed` is permanent; `delayed` is a warning; anything else (delivered, relayed) is ignored. */
  action: 'failed' | 'delayed' | 'other';
  /** The enhanced status code (RFC 3463), e.g. `5.1.1`; '' when the report gives none. */
  status: string;
  /** Status code and the remote server's words, e.g. `5.1.1 <bob@x>: User unknown`. */
  reason: string;
};

export type Bounce = {
  /** Normalised Message-ID of the returned email; '' when the report quotes none. */
  messageId: string;
  recipients: BounceRecipient[];
};

const STATUS = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;
/** What a bare status code means when the report says nothing else (RFC 3463, the common ones). */
const STATUS_TEXT: Record<string, string> = {
  '5.1.1': 'Bad destination mailbox address',
  '5.1.2': 'Bad destination system address',
  '5.1.10': 'Recipient address has null MX',
  '5.2.1': 'Mailbox disabled',
  '5.2.2': 'Mailbox full',
  '5.3.4': 'Message too big for system',
  '5.4.4': 'Unable to route',
  '5.4.7': 'Delivery time expired',
  '5.7.1': 'Delivery not authorized, message refused',
};

/** Header fields of a block (RFC 822 style), continuation lines unfolded; names in lower case. */
function fields(block: string): Map<string, string> {
  const out = new Map<string, string>();
  let last = '';
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && last) {
      out.set(last, `${out.get(last)} ${line.trim()}`);
      continue;
    }
    const m = line.match(/^([\w-]+)\s*:\s*(.*)$/);
    if (!m) continue;
    const name = m[1]!.toLowerCase();
    // A repeated field keeps its first value; the repeat's continuation lines are dropped with it.
    last = out.has(name) ? '' : name;
    if (last) out.set(name, m[2]!.trim());
  }
  return out;
}

/** `rfc822; Bob@X.test` → `bob@x.test`. */
function addressOf(value: string | undefined): string {
  const v = (value ?? '').replace(/^[\w-]+\s*;/, '').trim();
  return (v.match(/<([^<>\s]+@[^<>\s]+)>/)?.[1] ?? v.split(/\s+/)[0] ?? '').toLowerCase();
}

/**
 * The reason shown on the recipient: the status code, then the server's text without its transport
 * type (`smtp;`) and without the reply codes that repeat the status on every line (Gmail's `550-5.1.1`).
 */
export function bounceReason(status: string, diagnostic: string): string {
  let text = diagnostic.replace(/^[\w-]+\s*;\s*/, '').replace(/\s+/g, ' ');
  const code = status || text.match(STATUS)?.[0] || '';
  if (code) {
    const escaped = code.replace(/\./g, '\\.');
    text = text
      .replace(new RegExp(`\\b[245]\\d\\d[ -]#?${escaped}\\b`, 'g'), ' ')
      .replace(new RegExp(`\\(#${escaped}\\)`, 'g'), ' ')
      .replace(new RegExp(`^#?${escaped}\\b`), ' ');
  }
  text = text
    .replace(/^\s*[245]\d\d[ -]/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) text = STATUS_TEXT[code] ?? '';
  return `${code} ${text}`.trim().slice(0, 1000);
}

/** A part of a report: its type and bytes, as the sync's parse or the parser itself gives them. */
type Part = { mime: string; content: Uint8Array | ArrayBuffer | string };

const utf8 = new TextDecoder();
const text = (a: Part) => (typeof a.content === 'string' ? a.content : utf8.decode(a.content));

/** The Message-ID in a block of quoted headers (the returned message, or its headers alone). */
function quotedMessageId(headers: string): string {
  const m = headers.match(/^[> \t]*Message-ID[ \t]*:[ \t]*(?:\r?\n[ \t]+)?(<[^<>\s]+>)/im);
  return m ? normaliseMessageId(m[1]) : '';
}

/** Only the header block of a quoted message (its body may quote other Message-IDs). */
const headerBlock = (message: string) => message.split(/\r?\n\r?\n/, 1)[0] ?? '';

const REPORT_TYPES = ['message/delivery-status', 'message/global-delivery-status'];
const RETURNED_TYPES = [
  'message/rfc822',
  'text/rfc822-headers',
  'message/rfc822-headers',
  'message/global',
  'message/global-headers',
];

/** RFC 3464: the per-recipient blocks of the `message/delivery-status` part. */
function standardReport(report: string, returned: Part | undefined, inReplyTo: string): Bounce {
  const [head = '', ...blocks] = report.trim().split(/\r?\n[ \t]*\r?\n/);
  const perMessage = fields(head);
  const recipients: BounceRecipient[] = [];
  for (const block of blocks) {
    const f = fields(block);
    const address = addressOf(f.get('final-recipient') ?? f.get('original-recipient'));
    if (!address && !f.has('action')) continue;
    const status = f.get('status')?.match(STATUS)?.[0] ?? '';
    const said = (f.get('action') ?? '').toLowerCase();
    const action =
      said === 'failed' || said === 'delayed'
        ? said
        : said
          ? 'other'
          : status.startsWith('5')
            ? 'failed'
            : status.startsWith('4')
              ? 'delayed'
              : 'other';
    recipients.push({
      address,
      action,
      status,
      reason: bounceReason(status, f.get('diagnostic-code') ?? ''),
    });
    const original = addressOf(f.get('original-recipient'));
    if (original && original !== address) recipients.push({ ...recipients.at(-1)!, address: original });
  }
  const messageId =
    (returned ? quotedMessageId(headerBlock(text(returned))) : '') ||
    normaliseMessageId(perMessage.get('x-original-message-id')) ||
    inReplyTo;
  return { messageId, recipients };
}

const BOUNCE_SENDER = /^(mailer-daemon|mailerdaemon|mail-daemon|postmaster|mail\.delivery\.system|mdaemon)@/i;
const BOUNCE_SUBJECT =
  /undeliver|delivery (status notification|failure|has failed|notification)|returned mail|failure notice|mail delivery failed|could not be delivered|delivery failed|nondeliverable|退信|未能送达|无法投递|投递失败/i;
/** Where the quoted original starts in a plain-text bounce (qmail, Exim, old Exchange …). */
const COPY_MARKER =
  /^.*(below this line is a copy|copy of the message|original message follows|original message headers|header of the original message|returned message|undelivered message).*$/im;
const PERMANENT =
  /permanent|wasn't able to deliver|was not able to deliver|could not be delivered|couldn't be delivered|delivery has failed|failed permanently|does not exist|user unknown|no mailbox|no such (user|mailbox)/i;
const TEMPORARY = /warning|delayed|still trying|will (be )?retr|not yet been delivered|temporar/i;

/**
 * A bounce without a report part (qmail, Exim, some Exchange and hosted gateways): the original is
 * quoted as text below a marker, the failed address and the server's words above it.
 */
function plainBounce(body: string, returned: Part | undefined, failedHeader: string): Bounce | null {
  const cut = body.search(COPY_MARKER);
  const explanation = cut >= 0 ? body.slice(0, cut) : body;
  const quoted = cut >= 0 ? body.slice(cut) : '';
  const code = explanation.match(STATUS)?.[0] ?? '';
  const smtp = explanation.match(/\b([45])\d\d[ -]/)?.[1] ?? '';
  const permanent = code.startsWith('5') || smtp === '5' || PERMANENT.test(explanation);
  if (!permanent && !code && !smtp && !TEMPORARY.test(explanation)) return null;
  const action = code.startsWith('4') || (!permanent && TEMPORARY.test(explanation)) ? 'delayed' : 'failed';

  // qmail: `<address>:` then the server's words up to a blank line; Exim: the address indented,
  // its error on the lines below it.
  const recipients: BounceRecipient[] = [];
  const blocks = [
    ...explanation.matchAll(/^[ \t]*<?([^\s<>@]+@[^\s<>:]+?)>?:?[ \t]*\r?\n((?:[ \t]*\S.*\r?\n?)*)/gm),
  ];
  for (const [, address, words = ''] of blocks) {
    const said = words.replace(/^\s*(remote host said|SMTP error from remote mail server[^:]*):\s*/im, '');
    const status = words.match(STATUS)?.[0] ?? code;
    recipients.push({ address: address!.toLowerCase(), action, status, reason: bounceReason(status, said) });
  }
  for (const address of failedHeader.split(/[,\s]+/).filter((a) => a.includes('@'))) {
    if (!recipients.some((r) => r.address === address.toLowerCase()))
      recipients.push({ address: address.toLowerCase(), action, status: code, reason: '' });
  }
  const line = explanation
    .split(/\r?\n/)
    .find((l) => STATUS.test(l) || /\b5\d\d[ -]/.test(l))
    ?.trim();
  const fallback = bounceReason(code, line ?? explanation.trim().split(/\r?\n/)[0] ?? '');
  for (const r of recipients) if (!r.reason || r.reason === r.status) r.reason = fallback;
  if (recipients.length === 0) recipients.push({ address: '', action, status: code, reason: fallback });
  const messageId =
    (returned ? quotedMessageId(headerBlock(text(returned))) : '') || quotedMessageId(quoted || body);
  return { messageId, recipients };
}

/** What reading a report needs of a parsed message. */
type ReportMail = {
  /** The sender's address. */
  from: string;
  subject: string;
  /** Normalised. */
  inReplyTo: string;
  text: string;
  /** The X-Failed-Recipients header (Exim), '' without one. */
  failedRecipients: string;
  attachments: Part[];
};

/**
 * RFC 3464 (`multipart/report; report-type=delivery-status`) first, else the plain-text shapes of
 * qmail, Exim and others when the sender or subject says it is one.
 */
function bounceOf(mail: ReportMail): Bounce | null {
  const report = mail.attachments.find((a) => REPORT_TYPES.includes(a.mime));
  const returned = mail.attachments.find((a) => RETURNED_TYPES.includes(a.mime));
  if (report) return standardReport(text(report), returned, mail.inReplyTo);
  if (!BOUNCE_SENDER.test(mail.from) && !BOUNCE_SUBJECT.test(mail.subject)) return null;
  return plainBounce(mail.text, returned, mail.failedRecipients);
}

/** A delivery report read from a message's bytes; null when the message is no bounce. */
export async function parseBounce(source: Buffer | string): Promise<Bounce | null> {
  const mail = await PostalMime.parse(source, {
    attachmentEncoding: 'arraybuffer',
    forceRfc822Attachments: true,
    maxHeadersSize: 2 * 1024 * 1024,
  });
  return bounceOf({
    from: mail.from?.address ?? '',
    subject: mail.subject ?? '',
    inReplyTo: normaliseMessageId(mail.inReplyTo),
    text: mail.text ?? '',
    failedRecipients: mail.headers.find((h) => h.key === 'x-failed-recipients')?.value ?? '',
    attachments: mail.attachments.map((a) => ({ mime: a.mimeType, content: a.content })),
  });
}

/** A cheap look at headers only: most mail is no bounce and is never read as one. */
export function looksLikeBounce(m: Pick<ParsedMessage, 'headers' | 'from' | 'subject'>): boolean {
  const type = m.headers.find((h) => h.key.toLowerCase() === 'content-type')?.value ?? '';
  if (/multipart\/report/i.test(type) && /delivery-status/i.test(type)) return true;
  return BOUNCE_SENDER.test(m.from.address) || BOUNCE_SUBJECT.test(m.subject);
}

/** Reports larger than this are not read (a report quotes one email; 25 MB is the sync's parse limit). */
const MAX_REPORT_BYTES = 25 * 1024 * 1024;
/** A message/rfc822 part, which the sync's parse takes into the body unless it is marked an attachment. */
const MESSAGE_PART = /^content-type:[ \t]*(?:\r?\n[ \t]+)?message\/(?:rfc822|global)\b/im;

/**
 * The report in a message the sync has just parsed (email/sync/prepare.ts), read from that parse: the
 * message is not parsed again. Null when it is no report. A plain-text report whose returned email is
 * an inline message/rfc822 part (the parse merged it into the body, its Message-ID lost) is the one
 * case parsed again, as a report.
 */
export async function bounceOfParsed(parsed: ParsedMessage, source: Buffer): Promise<Bounce | null> {
  if (!looksLikeBounce(parsed) || source.length > MAX_REPORT_BYTES) return null;
  const { attachments } = parsed;
  const hasParts = attachments.some((a) => REPORT_TYPES.includes(a.mime) || RETURNED_TYPES.includes(a.mime));
  if (!hasParts && MESSAGE_PART.test(source.toString('latin1'))) return parseBounce(source);
  return bounceOf({
    from: parsed.from.address,
    subject: parsed.subject,
    inReplyTo: parsed.inReplyTo,
    text: parsed.text,
    failedRecipients: parsed.headers.find((h) => h.key.toLowerCase() === 'x-failed-recipients')?.value ?? '',
    attachments,
  });
}

/** The address fallback looks at emails sent this long before the report (a server retries ~5 days). */
const ADDRESS_WINDOW_DAYS = 7;

type BounceEnv = {
  db: Db;
  events: EventHub;
  log: (message: string, err?: unknown) => void;
};

/**
 * Marks the recipients a report is about failed; answers their tasks. Only a sent (or opened)
 * recipient changes, so a report synced twice, or again after a retry gave the recipient a new
 * Message-ID, counts once.
 */
export async function applyBounce(db: Db, accountId: number, bounce: Bounce, at: Date): Promise<number[]> {
  const failed = bounce.recipients.filter((r) => r.action === 'failed');
  if (failed.length === 0) return [];
  if (bounce.messageId) {
    // One email per recipient: the report's first failure is that recipient's, by address if named.
    // Only an email this account sent: a report (or a forged one) in another mailbox fails nobody.
    const { rows } = await db.execute<{ task_id: number }>(sql`
      UPDATE task_recipients r SET status = 'failed', error = CASE
        ${sql.join(
          failed.map((f) => sql`WHEN r.address = ${f.address} THEN ${f.reason}`),
          sql` `,
        )} ELSE ${failed[0]!.reason} END
      FROM tasks t
      WHERE t.id = r.task_id AND t.account_id = ${accountId}
        AND r.message_id = ${bounce.messageId} AND r.status IN ('sent', 'opened')
      RETURNING r.task_id`);
    return rows.map((r) => Number(r.task_id));
  }
  // No Message-ID quoted: the failed address among this account's latest sends before the report.
  const tasks: number[] = [];
  for (const f of failed) {
    if (!f.address) continue;
    const { rows } = await db.execute<{ task_id: number }>(sql`
      UPDATE task_recipients SET status = 'failed', error = ${f.reason}
      WHERE id = (
        SELECT r.id FROM task_recipients r JOIN tasks t ON t.id = r.task_id
        WHERE t.account_id = ${accountId} AND r.address = ${f.address} AND r.status IN ('sent', 'opened')
          AND r.sent_at <= ${at.toISOString()}::timestamptz + interval '10 minutes'
          AND r.sent_at > ${at.toISOString()}::timestamptz - ${`${ADDRESS_WINDOW_DAYS} days`}::interval
        ORDER BY r.sent_at DESC LIMIT 1)
      RETURNING task_id`);
    tasks.push(...rows.map((r) => Number(r.task_id)));
  }
  return tasks;
}

/** What the sync knows of a new message: the report the sync read in it while parsing it (prepare.ts). */
export type SyncedMessage = { direction: 'in' | 'out'; date: Date; bounce: Bounce | null };

/**
 * The sync's hook (email/sync/batch.ts), after a batch is stored: fails the task recipients the
 * reports among the new received messages are about, then sends the `task` event. Never throws: a
 * report that cannot be applied is only logged, and the sync goes on.
 */
export async function recordBounces(env: BounceEnv, accountId: number, messages: SyncedMessage[]) {
  const touched = new Set<number>();
  for (const m of messages) {
    if (m.direction !== 'in' || !m.bounce) continue;
    try {
      for (const id of await applyBounce(env.db, accountId, m.bounce, m.date)) touched.add(id);
    } catch (err) {
      env.log('bounce not read', err);
    }
  }
  for (const id of touched) await announceTask(env, id).catch((err: unknown) => env.log('task event', err));
}
