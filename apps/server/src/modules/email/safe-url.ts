/**
 * A URL attribute judged the way a browser reads it. The value is the attribute after HTML decoding
 * (the sanitiser's parser decodes every entity: `&colon;`, `&#x6A;`, `&#106` without `;`, …), and
 * the sanitiser writes it back with every `&` escaped, so the browser sees exactly this string.
 * The browser's URL parser then drops leading and trailing C0 controls and spaces, removes tabs and
 * newlines anywhere, and reads a scheme as a letter followed by letters, digits, `+`, `-` or `.`
 * up to a `:` (any case). Judging that same string leaves no obfuscation to find: the scheme we
 * read is the one the browser would follow.
 */

export type UrlKind =
  /** http(s), or protocol-relative (`//host`, `\\host`), which takes the page's http(s). */
  | 'web'
  /** mailto: and tel:. */
  | 'contact'
  /** `#name`: a place in the same message. */
  | 'fragment'
  /** cid: an inline image of the message itself. */
  | 'cid'
  /** data:image/ png, jpeg, gif or webp (never svg, never text/html). */
  | 'data-image';

export type JudgedUrl = { kind: UrlKind; url: string };

// biome-ignore lint/suspicious/noControlCharactersInRegex: C0 controls are exactly what a browser strips.
const EDGES = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TAB_OR_NEWLINE = /[\t\n\r]/g;
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp)(;[a-z0-9=._+-]*)*,/i;
const BASE = 'https://mail.invalid/';

/** What the browser would make of this attribute value, or null when it is not allowed anywhere. */
export function judgeUrl(value: string): JudgedUrl | null {
  const url = value.replace(EDGES, '').replace(TAB_OR_NEWLINE, '');
  if (url.startsWith('#')) return { kind: 'fragment', url };
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    // Without a scheme only `//host` leaves the page (browsers read `\` as `/` in web URLs); any
    // other relative address would point into this app.
    return /^[\\/]{2}[^\\/]/.test(url) && isWeb(url) ? { kind: 'web', url } : null;
  }
  if (scheme === 'http' || scheme === 'https') return isWeb(url) ? { kind: 'web', url } : null;
  if (scheme === 'mailto' || scheme === 'tel') return { kind: 'contact', url };
  if (scheme === 'cid') return { kind: 'cid', url };
  if (scheme === 'data' && DATA_IMAGE.test(url)) return { kind: 'data-image', url };
  return null;
}

/** Node's URL parser is the WHATWG one browsers use: a second opinion on the scheme. */
function isWeb(url: string): boolean {
  try {
    const { protocol } = new URL(url, BASE);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** A link's target (`<a href>`): web, mail/phone, or a place in the message. */
export function safeLink(value: string): string | null {
  const judged = judgeUrl(value);
  return judged && judged.kind !== 'cid' && judged.kind !== 'data-image' ? judged.url : null;
}
