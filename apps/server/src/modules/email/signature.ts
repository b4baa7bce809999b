import { sanitizeOwnHtml } from './sanitize';

/** Simple HTML, as the account form allows (the web's compose/signature.ts reads it the same way). */
const hasTags = (s: string) =>
  /<\/?(p|br|div|span|b|i|u|s|strong|em|a|img|table|tr|td|font|hr|ul|ol|li|h[1-6]|small|big)\b[^>]*>/i.test(
    s,
  );

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A signature as stored and handed out: plain text as typed (`Anna <anna@x.com>` is text), HTML sanitised. */
export function cleanSignature(signature: string): string {
  return hasTags(signature) ? sanitizeOwnHtml(signature) : signature;
}

/** A signature in a draft: sanitised HTML, or the text escaped with its line breaks kept. */
export function signatureHtml(signature: string): string {
  const text = signature.trim();
  if (!text || hasTags(text)) return sanitizeOwnHtml(text);
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}
