import { defineList } from '@/shared/list/url-state';

/** The user list's URL: `?q=&role=admin|editor&disabled=true|false&sort=&page=&page_size=`. */
export const USER_LIST = defineList({
  filters: { role: 'text', disabled: 'text' },
  sorts: ['created_at', 'username', 'name'],
  defaultSort: '-created_at',
});

/** Preference keys of the list's remembered settings. */
export const USER_PREFS = {
  columns: 'user.list.columns',
  search: 'user.list.search',
} as const;
