import { createStore, useStore } from '@/shared/store';

/**
 * The list an email was opened from: its rows in order and its URL, so the detail page can step to
 * the previous or next email (k / j) and go back to exactly that list (u).
 */
export interface ReadingList {
  ids: number[];
  /** Path and query of the list. */
  href: string;
}

const store = createStore<ReadingList | null>(null);

export const readingList = {
  set: (list: ReadingList) => store.set(list),
  get: () => store.get(),
};

export const useReadingList = () => useStore(store);
