import { defineList } from '@/shared/list/url-state';

/** The task list's URL: `?q=&status=running&sort=&page=&page_size=`. */
export const TASK_LIST = defineList({
  filters: { status: 'text' },
  sorts: ['created_at', 'name', 'status'],
  defaultSort: '-created_at',
});

/** Preference key of the columns the user chose for the task list. */
export const TASK_PREFS = { columns: 'task.list.columns' } as const;
