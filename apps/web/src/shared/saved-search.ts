import { useCallback, useState } from 'react';

const PREFIX = 'quayside.search.';

function read<T extends object>(key: string, initial: T): T {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (!raw) return initial;
    const saved = JSON.parse(raw) as unknown;
    return saved && typeof saved === 'object' ? { ...initial, ...(saved as Partial<T>) } : initial;
  } catch {
    return initial;
  }
}

/**
 * A search form kept for the user across visits (spec §3 "saved search forms"): the last
 * filters of a list are restored when it is opened again.
 */
export function useSavedSearch<T extends object>(key: string, initial: T) {
  const [value, setValue] = useState<T>(() => read(key, initial));
  const save = useCallback(
    (next: T) => {
      setValue(next);
      try {
        localStorage.setItem(PREFIX + key, JSON.stringify(next));
      } catch {
        // Storage full or blocked: the search still applies for this visit.
      }
    },
    [key],
  );
  return [value, save] as const;
}
