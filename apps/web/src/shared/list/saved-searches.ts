/** Named searches of a list (spec §3 "saved search forms"), kept as the list's query strings. */

export interface SavedSearch {
  name: string;
  /** The list's query string without `?` (see serializeListState). */
  search: string;
}

export const MAX_SAVED_SEARCHES = 20;

export function readSavedSearches(value: unknown): SavedSearch[] {
  const items = value && typeof value === 'object' ? (value as { items?: unknown }).items : undefined;
  if (!Array.isArray(items)) return [];
  return items.filter(
    (i): i is SavedSearch => Boolean(i) && typeof i.name === 'string' && typeof i.search === 'string',
  );
}

/** Adds or replaces (same name, any case) a search; the newest comes first. */
export function addSavedSearch(list: readonly SavedSearch[], entry: SavedSearch): SavedSearch[] {
  const name = entry.name.trim();
  if (!name) return [...list];
  const rest = list.filter((s) => s.name.toLowerCase() !== name.toLowerCase());
  return [{ name, search: entry.search }, ...rest].slice(0, MAX_SAVED_SEARCHES);
}

export function removeSavedSearch(list: readonly SavedSearch[], name: string): SavedSearch[] {
  return list.filter((s) => s.name !== name);
}

/** Normalised for comparing: parameter order does not matter. */
export function sameSearch(a: string, b: string): boolean {
  const norm = (s: string) =>
    [...new URLSearchParams(s).entries()]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join('&');
  return norm(a) === norm(b);
}
