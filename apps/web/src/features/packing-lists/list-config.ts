import { PACKING_LIST_SORTS } from '@quayside/contract';
import { DOCUMENT_FILTERS } from '@/shared/documents/document-list';
import { defineList } from '@/shared/list/url-state';

/** The packing list list's URL: `?q=&customer_id=&date_from=&date_to=&sort=&page=&page_size=`. */
export const PACKING_LIST = defineList({
  filters: { ...DOCUMENT_FILTERS },
  sorts: PACKING_LIST_SORTS,
  defaultSort: '-updated_at',
});

/** Preference key of the columns the user chose for the packing list list. */
export const PACKING_PREFS = { columns: 'packing.list.columns' } as const;
