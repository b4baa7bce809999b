import type { SkipReason } from '@quayside/contract';

const ADDRESS = /^[^\s@<>(),;:"[\]\\]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

/** `Name <a@b.c>` or `a@b.c` → the address, lower case and trimmed. */
export function normaliseAddress(input: string): string {
  const s = input.trim();
  const angle = /<([^>]*)>\s*$/.exec(s);
  return (angle ? angle[1]! : s).trim().toLowerCase();
}

export const isValidAddress = (address: string) => address.length <= 254 && ADDRESS.test(address);

export type AudienceEntry = { address: string; name: string; customerId: number | null };

/**
 * Pasted lines (also split on commas, semicolons and whitespace between addresses) and customers
 * into one list without repeats: the first occurrence stays, a later one is reported `duplicate`,
 * a malformed one `malformed`.
 */
export function splitPasted(lines: readonly string[]): string[] {
  return lines
    .flatMap((l) => l.split(/[\n,;]+/))
    .map((l) => l.trim())
    .filter(Boolean);
}

export function dedupeAudience(
  entries: readonly AudienceEntry[],
  pasted: readonly string[],
): { keep: AudienceEntry[]; skipped: { address: string; reason: SkipReason }[] } {
  const seen = new Set<string>();
  const keep: AudienceEntry[] = [];
  const skipped: { address: string; reason: SkipReason }[] = [];
  const add = (entry: AudienceEntry, raw: string) => {
    if (!isValidAddress(entry.address)) skipped.push({ address: raw.trim(), reason: 'malformed' });
    else if (seen.has(entry.address)) skipped.push({ address: entry.address, reason: 'duplicate' });
    else {
      seen.add(entry.address);
      keep.push(entry);
    }
  };
  for (const e of entries) add(e, e.address);
  for (const raw of splitPasted(pasted))
    add({ address: normaliseAddress(raw), name: '', customerId: null }, raw);
  return { keep, skipped };
}
