import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';
import PostalMime, { type Address } from 'postal-mime';
import type { StoredAddress, StoredHeader } from '../../../db/schema';
import { normaliseCid } from '../sanitize';

/** `<ABC@host>` → `abc@host`: the form Message-IDs are stored and compared in. */
export function normaliseMessageId(value: string | undefined | null): string {
  const v = (value ?? '').trim();
  const inBrackets = v.match(/<([^<>\s]+)>/)?.[1];
  return (inBrackets ?? v.split(/\s+/)[0] ?? '').toLowerCase().slice(0, 500);
}

/** Every Message-ID of a References or In-Reply-To header, normalised. */
export function messageIdList(value: string | undefined | null): string[] {
  const ids = [...(value ?? '').matchAll(/<([^<>\s]+)>/g)].map((m) => (m[1] ?? '').toLowerCase());
  return [...new Set(ids.filter(Boolean))].slice(-50);
}

/**
 * Sync rule 6: one email per normalised Message-ID and account; a message without one is known by a
 * hash of its date, sender, subject and size. Sending (issue 6) uses the same key for its copy.
 */
export function dedupeKeyOf(input: {
  messageId: string;
  date: Date | null;
  from: string;
  subject: string;
  size: number;
}): string {
  if (input.messageId) return `mid:${input.messageId}`;
  const basis = [input.date?.toISOString() ?? '', input.from.toLowerCase(), input.subject, input.size].join(
    '\n',
  );
  return `hash:${createHash('sha256').update(basis).digest('hex')}`;
}

const replyPrefix =
  /^\s*((re|fw|fwd|aw|wg|sv|vs|tr|rv|antw|回复|回覆|答复|转发|轉寄|转)\s*(\[\d+\])?\s*[:：]\s*)+/i;

/** The subject without reply and forward prefixes, lower case; and whether it had one. */
export function baseSubject(subject: string): { base: string; isReply: boolean } {
  const base = subject.replace(replyPrefix, '').trim().toLowerCase();
  return { base: base.slice(0, 500), isReply: replyPrefix.test(subject) };
}

export type ParsedAttachment = {
  name: string;
  mime: string;
  contentId: string;
  inline: boolean;
  content: Buffer;
};

export type ParsedMessage = {
  headers: StoredHeader[];
  subject: string;
  from: StoredAddress;
  to: StoredAddress[];
  cc: StoredAddress[];
  bcc: StoredAddress[];
  date: Date | null;
  messageId: string;
  inReplyTo: string;
  references: string[];
  text: string;
  html: string;
  attachments: ParsedAttachment[];
};

function flatten(list: Address[] | Address | undefined): StoredAddress[] {
  const out: StoredAddress[] = [];
  for (const a of [list ?? []].flat()) {
    if (a.group) for (const m of a.group) out.push({ name: m.name ?? '', address: m.address.toLowerCase() });
    else if (a.address) out.push({ name: a.name ?? '', address: a.address.toLowerCase() });
  }
  return out.filter((a) => a.address).slice(0, 500);
}

const toDate = (v: string | undefined) => {
  const d = v ? new Date(v) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
};

/** The bytes of an attachment, without copying them. */
function toBuffer(content: ArrayBuffer | Uint8Array | string): Buffer {
  if (content instanceof ArrayBuffer) return Buffer.from(content);
  if (content instanceof Uint8Array)
    return Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  return Buffer.from(content);
}

const skippedText = new Set(['style', 'script', 'textarea', 'option', 'noscript', 'head', 'title']);
const paragraphs = /^(p|h\d|table|ul|ol|blockquote|pre)$/;
const lines = /^(div|tr|li|hr|dt|dd)$/;

/**
 * Plain text of an HTML body, for search, previews and inquiry detection. One htmlparser2 pass with
 * entities decoded by the parser: the text is never shown as HTML, so it needs no sanitising.
 */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (skippedText.has(name)) skipping++;
        else if (name === 'br') parts.push('\n');
      },
      onclosetag(name) {
        if (skippedText.has(name)) skipping = Math.max(0, skipping - 1);
        else if (name === 'td' || name === 'th') parts.push(' ');
        else if (paragraphs.test(name)) parts.push('\n\n');
        else if (lines.test(name)) parts.push('\n');
      },
      ontext(text) {
        if (!skipping) parts.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html);
  return parts
    .join('')
    .replace(/[ \t\u00a0\r]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A message's parts. `headersOnly` parses just the header block: for a message over the size limit,
 * which is stored raw (sync rule 9) but still gets its subject, parties and date.
 */
export async function parseMessage(
  source: Buffer,
  options: { headersOnly?: boolean } = {},
): Promise<ParsedMessage> {
  let input = source;
  if (options.headersOnly) {
    const end = source.indexOf('\r\n\r\n');
    const endLf = source.indexOf('\n\n');
    const cut = [end, endLf].filter((i) => i >= 0).sort((a, b) => a - b)[0] ?? Math.min(source.length, 65536);
    input = Buffer.concat([source.subarray(0, Math.min(cut, 256 * 1024)), Buffer.from('\r\n\r\n')]);
  }
  const mail = await PostalMime.parse(input, {
    attachmentEncoding: 'arraybuffer',
    maxHeadersSize: 2 * 1024 * 1024,
  });
  const html = options.headersOnly ? '' : (mail.html ?? '');
  const text = options.headersOnly ? '' : (mail.text ?? (html ? htmlToText(html) : ''));
  return {
    headers: mail.headers.map((h) => ({ key: h.key, value: h.value.slice(0, 16_384) })).slice(0, 500),
    subject: (mail.subject ?? '').slice(0, 2000),
    from: flatten(mail.from)[0] ?? { name: '', address: '' },
    to: flatten(mail.to),
    cc: flatten(mail.cc),
    bcc: flatten(mail.bcc),
    date: toDate(mail.date),
    messageId: normaliseMessageId(mail.messageId),
    inReplyTo: messageIdList(mail.inReplyTo)[0] ?? '',
    references: messageIdList(mail.references),
    text,
    html,
    attachments: options.headersOnly
      ? []
      : mail.attachments.map((a) => ({
          name: a.filename ?? (a.mimeType === 'message/rfc822' ? 'message.eml' : 'attachment'),
          mime: a.mimeType,
          contentId: normaliseCid(a.contentId ?? ''),
          inline: a.disposition === 'inline' || Boolean(a.related && a.contentId),
          content: toBuffer(a.content),
        })),
  };
}
