import { ownSignature, parseBody, QUOTE_SELECTOR, signatureHtml } from './signature';

/**
 * A stored draft as the editor takes it: a plain-text signature gets its line breaks as `<br>`,
 * and the `<p><br></p>` blank lines the editor writes (mail programs hide an empty `<p></p>`)
 * are empty paragraphs again. The quoted email is left exactly as it is.
 */
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
