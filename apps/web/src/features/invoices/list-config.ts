import { CURRENCY_IDS, INVOICE_KINDS, INVOICE_SORTS } from '@quayside/contract';
import { CURRENCY_FILTER, DOCUMENT_FILTERS } from '@/shared/documents/document-list';
import { defineList } from '@/shared/list/url-state';

/** The invoice list's URL: `?q=&kind=proforma&customer_id=&currency=&date_from=&date_to=&sort=&page=&page_size=` (dates of issue). */
export const INVOICE_LIST = defineList({
  filters: { kind: 'text', ...DOCUMENT_FILTERS, ...CURRENCY_FILTER },
  sorts: INVOICE_SORTS,
  defaultSort: '-updated_at',
});

/** The values the kind and currency filters may hold. */
export const INVOICE_KNOWN = { kind: INVOICE_KINDS, currency: CURRENCY_IDS } as const;

/** Preference key of the columns the user chose for the invoice list. */
export const INVOICE_PREFS = { columns: 'invoice.list.columns' } as const;
