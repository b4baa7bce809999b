import { CURRENCY_IDS, QUOTATION_SORTS, QUOTATION_STATUSES } from '@quayside/contract';
import { CURRENCY_FILTER, DOCUMENT_FILTERS, OWNER_FILTER } from '@/shared/documents/document-list';
import { defineList } from '@/shared/list/url-state';

/** The quotation list's URL: `?q=&status=draft,sent&customer_id=&owner_id=&currency=&date_from=&date_to=&sort=&page=&page_size=`. */
export const QUOTATION_LIST = defineList({
  filters: { status: 'text', ...DOCUMENT_FILTERS, ...OWNER_FILTER, ...CURRENCY_FILTER },
  sorts: QUOTATION_SORTS,
  defaultSort: '-updated_at',
});

/** The values the comma filters may hold. */
export const QUOTATION_KNOWN = { status: QUOTATION_STATUSES, currency: CURRENCY_IDS } as const;

/** Preference key of the columns the user chose for the quotation list. */
export const QUOTATION_PREFS = { columns: 'quotation.list.columns' } as const;
