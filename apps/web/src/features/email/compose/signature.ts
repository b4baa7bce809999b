/**
 * The account's signature in a draft. The server writes it as `<div class="qs-signature">` under
 * the text (above a reply's quote); switching the From account swaps it for the new account's one,
 * but only when the user has not changed it.
 */
export const SIGNATURE_CLASS = 'qs-signature';
/** Top-level blocks holding a quoted email (reply, forward). */
export const QUOTE_SELECTOR = 'div.qs-quote, div.qs-forward';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Simple HTML, as the account form allows; `Anna <anna@x.com>` is text. */
const hasTags = (s: string) =>
  /<\/?(p|br|div|span|b|i|u|s|strong|em|a|img|table|tr|td|font|hr|ul|ol|li|h[1-6]|small|big)\b[^>]*>/i.test(
    s,
  );

/** A signature as HTML: simple HTML stays as it is; plain text keeps its line breaks. */
export function signatureHtml(signature: string): string {
  const text = signature.trim();
  if (!text || hasTags(text)) return text;
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

export function parseBody(html: string): HTMLElement {
  return new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html').body;
}

/** What a signature says, whatever the editor did to its markup: its text and its pictures. */
function fingerprint(el: Element): string {
  const text = (el.textContent ?? '').replace(/\s+/g, '');
  const images = [...el.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? '').join('|');
  return `${text}#${images}`;
}

/** The signature block of the text itself (a quoted email may carry older signatures). */
export function ownSignature(body: HTMLElement): Element | undefined {
  return [...body.children].find((el) => el.matches(`div.${SIGNATURE_CLASS}`));
}

export type SignatureSwap = 'swapped' | 'added' | 'removed' | 'kept' | 'none';

/**
 * The draft with the new account's signature instead of the old one. An edited signature is the
 * user's text: it is kept (`kept`). With no signature block, the new one goes above the quote.
 */
export function swapSignature(
  html: string,
  oldSignature: string,
  newSignature: string,
): { html: string; outcome: SignatureSwap } {
  const body = parseBody(html);
  const current = ownSignature(body);
  const next = signatureHtml(newSignature);
  if (current) {
    if (fingerprint(current) !== fingerprint(parseBody(signatureHtml(oldSignature)))) {
      return { html, outcome: 'kept' };
    }
    if (!next) {
      current.remove();
      return { html: body.innerHTML, outcome: 'removed' };
    }
    current.innerHTML = next;
    return { html: body.innerHTML, outcome: 'swapped' };
  }
  if (!next) return { html, outcome: 'none' };
  const block = body.ownerDocument.createElement('div');
  block.className = SIGNATURE_CLASS;
  block.innerHTML = next;
  const quote = [...body.children].find((el) => el.matches(QUOTE_SELECTOR));
  if (quote) body.insertBefore(block, quote);
  else body.append(block);
  return { html: body.innerHTML, outcome: 'added' };
}
