import { CUSTOMER_SORTS } from '@quayside/contract';
import { defineList } from '@/shared/list/url-state';

/** The customer list's URL: `?q=&grade=1,2&source=&nation=&religion=&situation=&owner=me|<id>&sort=&page=&page_size=`. */
export const CUSTOMER_LIST = defineList({
  filters: {
    grade: 'ids',
    source: 'ids',
    nation: 'ids',
    religion: 'ids',
    situation: 'ids',
    owner: 'text',
  },
  sorts: CUSTOMER_SORTS,
  defaultSort: '-created_at',
});

/** Preference keys of the list's remembered settings. */
export const CUSTOMER_PREFS = {
  columns: 'customer.list.columns',
  searches: 'customer.list.searches',
} as const;

/** Tag colours of the grades (1 potential, 2 intentional, 3 cooperated, 4 invalid). */
export const GRADE_COLORS: Record<number, string> = { 1: 'blue', 2: 'gold', 3: 'green', 4: 'default' };
