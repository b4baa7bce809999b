import { CURRENCY_IDS, ORDER_SORTS, ORDER_STATUSES } from '@quayside/contract';
import { CURRENCY_FILTER, DOCUMENT_FILTERS, OWNER_FILTER } from '@/shared/documents/document-list';
import { defineList } from '@/shared/list/url-state';

/** The order list's URL: `?q=&status=in_progress&customer_id=&owner_id=&currency=&date_from=&date_to=&sort=&page=&page_size=`. */
export const ORDER_LIST = defineList({
  filters: { status: 'text', ...DOCUMENT_FILTERS, ...OWNER_FILTER, ...CURRENCY_FILTER },
  sorts: ORDER_SORTS,
  defaultSort: '-updated_at',
});

/** The values the comma filters may hold. */
export const ORDER_KNOWN = { status: ORDER_STATUSES, currency: CURRENCY_IDS } as const;

/** Preference key of the columns the user chose for the order list. */
export const ORDER_PREFS = { columns: 'order.list.columns' } as const;
