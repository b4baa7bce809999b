import { useEffect, useRef } from 'react';
import { usePreference } from './preferences';

/** How long the search must stay unchanged before it is written (typing is not saved key by key). */
const SAVE_DELAY_MS = 800;

export interface RememberedSearch {
  search: string;
}

/** The saved search to bring back: only when the list was opened with a plain URL. */
export function searchToRestore(openedWith: string, saved: unknown): string | null {
  if (openedWith.replace(/^\?/, '') !== '') return null;
  const search = saved && typeof saved === 'object' ? (saved as { search?: unknown }).search : undefined;
  return typeof search === 'string' && search !== '' ? search.replace(/^\?/, '') : null;
}

/**
 * The last search form of a list, kept per user on the server (spec §3 "saved search forms"):
 * opening the list with a plain URL brings back the filters it was left with; a link or a
 * reload with filters in the URL keeps its own, and so does a search made before the saved one
 * arrived. `current` is the list's query string
 * (serializeListState, page 1); `apply` puts a query string into the URL.
 */
export function useRememberedSearch(
  prefKey: string,
  openedWith: string,
  current: string,
  apply: (search: string) => void,
) {
  const pref = usePreference<RememberedSearch>(prefKey);
  const decided = useRef(false);
  const opened = useRef(openedWith);
  const initial = useRef(current);
  const latest = useRef(current);
  latest.current = current;
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const { loaded, value, save } = pref;

  useEffect(() => {
    if (!loaded || decided.current) return;
    decided.current = true;
    // A search the user made while the saved one was on its way is theirs: it wins.
    if (latest.current !== initial.current) return;
    const restore = searchToRestore(opened.current, value);
    if (restore !== null) applyRef.current(restore);
  }, [loaded, value]);

  useEffect(() => {
    if (!loaded || !decided.current) return;
    if ((value?.search ?? '') === current) return;
    const timer = setTimeout(() => save({ search: current }), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loaded, value, current, save]);
}
