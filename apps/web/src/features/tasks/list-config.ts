import { defineList } from '@/shared/list/url-state';

/** The task list's URL: `?q=&status=running&sort=&page=&page_size=`. */
export const TASK_LIST = defineList({
  filters: { status: 'text' },
  sorts: ['created_at', 'name', 'status'],
  defaultSort: '-created_at',
});
