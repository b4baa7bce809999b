import { sniffMime } from '../../../lib/files';
import { cleanFileName } from '../../files/service';
import { type Bounce, bounceOfParsed } from '../../tasks/bounces';
import { lookupIp } from '../geoip';
import { sanitizeEmailHtml } from '../sanitize';
import { senderIpFromHeaders } from '../sender-ip';
import { baseSubject, type ParsedMessage, parseMessage } from './message';
import type { SyncEnv } from './types';

/** Bytes already in the file store, waiting for their `files` row (written in the batch's transaction). */
export type PreparedFile = { sha256: string; name: string; size: number; mime: string };
export type PreparedAttachment = PreparedFile & { contentId: string; inline: boolean };

/** A fetched message, parsed and sanitised, its files stored: ready for the database. */
export type PreparedEmail = Omit<ParsedMessage, 'attachments' | 'date'> & {
  uid: number;
  dedupeKey: string;
  seen: boolean;
  size: number;
  isRaw: boolean;
  date: Date;
  baseSubject: string;
  isReply: boolean;
  hasRemoteImages: boolean;
  senderIp: string;
  senderCountry: string;
  raw: PreparedFile;
  attachments: PreparedAttachment[];
  /** The delivery failure report this message is, read from the same parse; null for other mail. */
  bounce: Bounce | null;
};

async function storeFile(env: SyncEnv, bytes: Buffer, name: string, mime?: string): Promise<PreparedFile> {
  const clean = cleanFileName(name);
  return {
    sha256: await env.files.put(bytes),
    name: clean,
    size: bytes.length,
    mime: mime ?? (await sniffMime(bytes, clean)),
  };
}

async function parseOrRaw(source: Buffer, limit: number): Promise<{ parsed: ParsedMessage; isRaw: boolean }> {
  const oversized = source.length > limit;
  try {
    return { parsed: await parseMessage(source, { headersOnly: oversized }), isRaw: oversized };
  } catch {
    // A message the parser cannot read is kept like an oversized one: raw, with what its headers say.
    try {
      return { parsed: await parseMessage(source, { headersOnly: true }), isRaw: true };
    } catch {
      const empty: ParsedMessage = {
        headers: [],
        subject: '',
        from: { name: '', address: '' },
        to: [],
        cc: [],
        bcc: [],
        date: null,
        messageId: '',
        inReplyTo: '',
        references: [],
        text: '',
        html: '',
        attachments: [],
      };
      return { parsed: empty, isRaw: true };
    }
  }
}

export async function prepareMessage(
  env: SyncEnv,
  input: { uid: number; dedupeKey: string; seen: boolean; internalDate: Date | null; source: Buffer },
): Promise<PreparedEmail> {
  const { parsed, isRaw } = await parseOrRaw(input.source, env.options.parseLimit);
  // A delivery failure report is read from this parse (tasks/bounces.ts); a message stored raw is none.
  const bounce = isRaw
    ? null
    : await bounceOfParsed(parsed, input.source).catch((err: unknown) => {
        env.log('bounce not read', err);
        return null;
      });
  const { attachments, date, ...rest } = parsed;
  const raw = await storeFile(env, input.source, `${rest.subject || 'message'}.eml`, 'message/rfc822');
  const stored: PreparedAttachment[] = [];
  for (const a of attachments) {
    stored.push({ ...(await storeFile(env, a.content, a.name)), contentId: a.contentId, inline: a.inline });
  }
  const { html, hasRemoteImages } = rest.html
    ? sanitizeEmailHtml(rest.html)
    : { html: '', hasRemoteImages: false };
  const senderIp = senderIpFromHeaders(rest.headers);
  const place = await lookupIp(senderIp).catch((err: unknown) => {
    env.log('ip lookup failed', err);
    return { country_code: '' };
  });
  const subject = baseSubject(rest.subject);
  return {
    ...rest,
    html,
    uid: input.uid,
    dedupeKey: input.dedupeKey,
    seen: input.seen,
    size: input.source.length,
    isRaw,
    date: date ?? input.internalDate ?? new Date(),
    baseSubject: subject.base,
    isReply: subject.isReply,
    hasRemoteImages,
    senderIp,
    senderCountry: place.country_code,
    raw,
    attachments: stored,
    bounce,
  };
}
