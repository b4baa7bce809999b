import { PRODUCT_SORTS } from '@quayside/contract';
import { defineList } from '@/shared/list/url-state';

/**
 * The product list's URL:
 * `?q=&category=1,2&factory=&published=true|false&currency=USD,EUR&price_min=&price_max=&sort=&page=&page_size=`.
 */
export const PRODUCT_LIST = defineList({
  filters: {
    category: 'ids',
    factory: 'text',
    published: 'text',
    currency: 'text',
    price_min: 'text',
    price_max: 'text',
  },
  sorts: PRODUCT_SORTS,
  defaultSort: '-created_at',
});

/** Preference keys of the list's remembered settings. */
export const PRODUCT_PREFS = {
  columns: 'product.list.columns',
  searches: 'product.list.searches',
  view: 'product.list.view',
} as const;

export type ProductView = 'table' | 'grid';
