import { ownSignature, parseBody, QUOTE_SELECTOR, signatureHtml } from './signature';

/**
 * A stored draft as the editor takes it: a plain-text signature gets its line breaks as `<br>`,
 * and the `<p><br></p>` blank lines the editor writes (mail programs hide an empty `<p></p>`)
 * are empty paragraphs again. The quoted email is left exactly as it is.
 */
/**
 * What save_draft takes at most: the contract's 5 000 000 characters, and the server's 5 MiB body
 * (UTF-8 bytes) with room for the other fields. Counted in bytes, which covers both.
 */
export const DRAFT_HTML_MAX_BYTES = 5_000_000;

export function htmlTooLarge(html: string): boolean {
  // Cheap for everyday mail: a character is at most 3 bytes in UTF-8 (4 for a surrogate pair of 2).
  if (html.length * 3 <= DRAFT_HTML_MAX_BYTES) return false;
  return new TextEncoder().encode(html).length > DRAFT_HTML_MAX_BYTES;
}

/** A draft opened empty: a new mail with no recipient, subject, file, quote or forward. */
export function isBlankDraft(d: {
  to: unknown[];
  cc: unknown[];
  bcc: unknown[];
  subject: string;
  attachment_ids: unknown[];
  in_reply_to: string;
  html: string;
}): boolean {
  return (
    d.to.length + d.cc.length + d.bcc.length + d.attachment_ids.length === 0 &&
    d.subject.trim() === '' &&
    d.in_reply_to === '' &&
    !/qs-(quote|forward)/.test(d.html) &&
    ownText(d.html).trim() === ''
  );
}

export function prepareDraftHtml(html: string): string {
  const body = parseBody(html);
  let changed = false;
  const signature = ownSignature(body);
  if (signature && signature.children.length === 0 && /\n/.test(signature.textContent ?? '')) {
    signature.innerHTML = signatureHtml(signature.textContent ?? '');
    changed = true;
  }
  for (const p of body.querySelectorAll('p')) {
    if (p.closest(QUOTE_SELECTOR)) continue;
    const only = p.childNodes.length === 1 ? p.firstChild : null;
    if (only instanceof HTMLBRElement) {
      only.remove();
      changed = true;
    }
  }
  return changed ? body.innerHTML : html;
}

/** The text the user wrote: without the quoted email and the signature. */
export function ownText(html: string): string {
  const body = parseBody(html);
  for (const el of body.querySelectorAll(`${QUOTE_SELECTOR}, div.qs-signature`)) el.remove();
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

const MENTIONS_ATTACHMENT = /\b(attach(ed|es|ing|ment|ments)?|enclosed)\b|附件|附上|随附|附檔|附件中/i;

/** "Please find attached…" with nothing attached: worth a question before sending. */
export const mentionsAttachment = (html: string) => MENTIONS_ATTACHMENT.test(ownText(html));
