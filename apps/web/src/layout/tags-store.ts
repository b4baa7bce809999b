import { createStore, useStore } from '@/shared/store';
import { addView, closeAll, closeOthers, closeView, labelView, type TagsResult, type TagView } from './tags';

interface TagsState {
  views: TagView[];
  /** Bumped by "Refresh": the page is rebuilt and reloads its data. */
  refresh: Record<string, number>;
}

/** Tabs survive a reload of this browser tab (SHELL.md: the CRMs staff know keep them). */
const STORAGE_KEY = 'quayside.tabs';

function restoredViews(): TagView[] {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const views = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(views)
      ? views.filter(
          (v): v is TagView => Boolean(v) && typeof v.path === 'string' && typeof v.name === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

const store = createStore<TagsState>({ views: restoredViews(), refresh: {} });

let written: TagView[] | null = null;
store.subscribe(() => {
  const { views } = store.get();
  if (views === written) return;
  written = views;
  try {
    if (views.length === 0) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(views));
  } catch {
    // Storage off or full: the tabs live until the reload.
  }
});

function apply(result: TagsResult): string | null {
  store.set((s) => ({ ...s, views: result.views }));
  return result.navigateTo;
}

export const tagsStore = {
  ...store,
  add: (view: TagView) => store.set((s) => ({ ...s, views: addView(s.views, view) })),
  label: (path: string, label: string, activeMenu?: string) =>
    store.set((s) => ({ ...s, views: labelView(s.views, path, label, activeMenu) })),
  close: (path: string, activePath: string) => apply(closeView(store.get().views, path, activePath)),
  closeOthers: (path: string, activePath: string) => apply(closeOthers(store.get().views, path, activePath)),
  closeAll: () => apply(closeAll(store.get().views)),
  refresh: (path: string) =>
    store.set((s) => ({ ...s, refresh: { ...s.refresh, [path]: (s.refresh[path] ?? 0) + 1 } })),
  reset: () => store.set({ views: [], refresh: {} }),
};

export const useTagViews = () => useStore(store, (s) => s.views);
export const useRefreshKeys = () => useStore(store, (s) => s.refresh);
