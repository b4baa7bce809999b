import { domainOf, type EmailAddress, isFreeMail } from '@quayside/contract';

/** Small pure helpers for showing mail: parties, flags, sizes, and a customer drawn from a sender. */

/** The name of a party, or its address when it has none. */
export const partyLabel = (a: EmailAddress) => a.name.trim() || a.address;

/** `Name <address>`, or the address alone. */
export const partyFull = (a: EmailAddress) => (a.name.trim() ? `${a.name.trim()} <${a.address}>` : a.address);

export const partiesLabel = (list: readonly EmailAddress[]) => list.map(partyLabel).join(', ');

/** The emoji flag of an ISO 3166 alpha-2 code ('' for none or an unknown shape). */
export function countryFlag(code: string): string {
  const cc = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(cc)) return '';
  return String.fromCodePoint(...[...cc].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** 1536 → "1.5 KB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** Images the browser shows itself (SVG is served as a download only). */
export const isPreviewableImage = (mime: string) => /^image\/(png|jpe?g|gif|webp|bmp|avif)$/i.test(mime);

/** Initials for an avatar: "Hans Becker" → "HB", "王经理" → "王". */
export function initials(label: string): string {
  const text = label.replace(/[<>"@].*$/, '').trim();
  if (!text) return '?';
  if (/[\u3400-\u9fff]/.test(text[0] ?? '')) return text[0] as string;
  const words = text.split(/[\s._-]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

// A customer drawn from a sender is the contract's rule: the server creates one from an inquiry the same way.
export { companyFromAddress, customerFromSender, domainOf, isFreeMail } from '@quayside/contract';

export type BlockMode = 'address' | 'domain';

/**
 * The blacklist entries for blocking these senders: their addresses, or their whole domains
 * (`@domain`) except public providers, where blocking the domain would block strangers too.
 */
export function blockValues(addresses: readonly string[], mode: BlockMode): string[] {
  const out = new Set<string>();
  for (const raw of addresses) {
    const address = raw.trim().toLowerCase();
    if (!address.includes('@')) continue;
    const domain = domainOf(address);
    out.add(mode === 'domain' && domain && !isFreeMail(domain) ? `@${domain}` : address);
  }
  return [...out];
}

/**
 * What the admin typed into the blacklist, as the server stores it: lower case, no spaces, and a
 * bare domain (`example.com`) taken as the whole domain (`@example.com`).
 */
export function normaliseBlockValue(input: string): string {
  const v = input
    .trim()
    .toLowerCase()
    .replace(/^mailto:/, '')
    .replace(/\s+/g, '');
  if (!v) return '';
  if (!v.includes('@') && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(v)) return `@${v}`;
  return v;
}

/** The blacklist's own rule (contract `blacklistValue`): an address or `@domain`. */
export const isBlockValue = (v: string) => /^([^\s@]+@|@)[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(v);
