import type { EmailAddress } from '@quayside/contract';

/**
 * Recipients as people type and paste them: `a@b.com; Name <c@d.com>, "Doe, Jane" <j@e.com>`.
 * The server checks addresses with zod's `z.email()`; the same pattern here means a tag shown as
 * valid is never refused on send.
 */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const isValidAddress = (address: string) => EMAIL.test(address.trim());

/** One recipient as typed: `valid` false keeps the text so the user can see and fix it. */
export interface Recipient extends EmailAddress {
  valid: boolean;
}

const SEPARATORS = new Set([',', ';', '\n', '\r', '\t']);

/** A piece of a list and the separator that ended it ('' at the end). */
interface Piece {
  text: string;
  endedBy: string;
}

/** Splits on , ; and line breaks, but not inside "quoted names" or <angle brackets>. */
function splitPieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  let current = '';
  let quoted = false;
  let angled = false;
  for (const ch of text) {
    if (ch === '"' && !angled) quoted = !quoted;
    else if (ch === '<' && !quoted) angled = true;
    else if (ch === '>' && !quoted) angled = false;
    if (SEPARATORS.has(ch) && !quoted && !angled) {
      pieces.push({ text: current.trim(), endedBy: ch });
      current = '';
    } else current += ch;
  }
  pieces.push({ text: current.trim(), endedBy: '' });
  return pieces.filter((p) => p.text);
}

/**
 * `Doe, John <j@x.com>` (Outlook copies names unquoted): a piece without an address, ended by a
 * comma, is the start of the name of the bracketed address after it.
 */
function joinBrokenNames(pieces: Piece[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i] as Piece;
    const next = pieces[i + 1];
    const isNameStart = !piece.text.includes('@') && !piece.text.includes('<') && piece.endedBy === ',';
    if (isNameStart && next?.text.includes('<')) {
      const at = next.text.indexOf('<');
      const name = [unquote(piece.text), unquote(next.text.slice(0, at))].filter(Boolean).join(', ');
      out.push(`"${name}" ${next.text.slice(at)}`);
      i++;
    } else out.push(piece.text);
  }
  return out;
}

const unquote = (name: string) =>
  name
    .trim()
    .replace(/^"(.*)"$/s, '$1')
    .replace(/\\"/g, '"')
    .trim();

/** One piece: `Name <a@b>`, `"Name" <a@b>`, `<a@b>`, `mailto:a@b`, `a@b`, or `Name a@b`. */
export function parseRecipient(token: string): Recipient {
  const text = token.trim();
  const angled = text.match(/^(.*?)<\s*([^<>]*?)\s*>\s*$/s);
  if (angled) {
    const address = (angled[2] ?? '').replace(/^mailto:/i, '').toLowerCase();
    return { name: unquote(angled[1] ?? ''), address, valid: isValidAddress(address) };
  }
  const bare = text.replace(/^mailto:/i, '');
  if (isValidAddress(bare)) return { name: '', address: bare.toLowerCase(), valid: true };
  // "John Smith john@x.com": the last word is the address.
  const words = bare.split(/\s+/);
  const last = words.at(-1) ?? '';
  if (words.length > 1 && isValidAddress(last)) {
    return { name: unquote(words.slice(0, -1).join(' ')), address: last.toLowerCase(), valid: true };
  }
  return { name: '', address: text, valid: false };
}

/**
 * Everything in a pasted or typed list, in order, each address once. Bare addresses separated by
 * spaces only ("a@b.com c@d.com") count as several.
 */
export function parseRecipients(text: string): Recipient[] {
  const pieces = joinBrokenNames(splitPieces(text)).flatMap((token) => {
    if (token.includes('<') || token.includes('"')) return [token];
    const words = token.split(/\s+/);
    const addresses = words.filter((w) => w.includes('@'));
    return addresses.length > 1 && addresses.length === words.length ? words : [token];
  });
  return uniqueRecipients(pieces.map(parseRecipient));
}

/** Each address once (the first one wins, case ignored). */
export function uniqueRecipients<R extends EmailAddress>(list: readonly R[]): R[] {
  const seen = new Set<string>();
  return list.filter((r) => {
    const key = r.address.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `Name <a@b.com>` (quoted when the name has a separator in it), or the address alone. */
export function formatRecipient(r: EmailAddress): string {
  const name = r.name.trim();
  if (!name) return r.address;
  const safe = /[,;<>"@]/.test(name) ? `"${name.replace(/"/g, '\\"')}"` : name;
  return `${safe} <${r.address}>`;
}

/** What the API takes: the valid recipients as `{name, address}`. */
export const toAddresses = (list: readonly Recipient[]): EmailAddress[] =>
  list.filter((r) => r.valid).map(({ name, address }) => ({ name, address }));

/** Recipients of a stored draft (the server only stores valid ones). */
export const fromAddresses = (list: readonly EmailAddress[]): Recipient[] =>
  list.map((a) => ({ name: a.name, address: a.address, valid: isValidAddress(a.address) }));

/** True when the text holds more than one recipient or a separator: a paste to split. */
export const looksLikeList = (text: string) => /[,;\n\r\t]/.test(text) || (text.match(/@/g)?.length ?? 0) > 1;
