import { ROUTES } from '@/shared/routes/paths';
import { flattenRoutes } from '@/shared/routes/resolve';
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

/** The tabs that can not be closed (the dashboard). */
export const affixViews: TagView[] = flattenRoutes(ROUTES)
  .filter((r) => r.route.meta?.affix && r.route.name)
  .map((r) => ({
    path: r.fullPath,
    fullPath: r.fullPath,
    name: r.route.name as string,
    title: r.route.meta?.title ?? '',
    affix: true,
    noCache: Boolean(r.route.meta?.noCache),
  }));

// The fixed tabs are there from the start: adding them once the shell is up would render it twice.
const store = createStore<TagsState>({
  views: affixViews.reduce(addView, restoredViews()),
  refresh: {},
});

/** Changes the tabs; a change that changes nothing tells no one (the shell does not render again). */
function setViews(change: (views: TagView[]) => TagView[]) {
  store.set((s) => {
    const views = change(s.views);
    return views === s.views ? s : { ...s, views };
  });
}

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
  setViews(() => result.views);
  return result.navigateTo;
}

export const tagsStore = {
  ...store,
  add: (view: TagView) => setViews((views) => addView(views, view)),
  label: (path: string, label: string, activeMenu?: string) =>
    setViews((views) => labelView(views, path, label, activeMenu)),
  close: (path: string, activePath: string) => apply(closeView(store.get().views, path, activePath)),
  closeOthers: (path: string, activePath: string) => apply(closeOthers(store.get().views, path, activePath)),
  closeAll: () => apply(closeAll(store.get().views)),
  refresh: (path: string) =>
    store.set((s) => ({ ...s, refresh: { ...s.refresh, [path]: (s.refresh[path] ?? 0) + 1 } })),
  reset: () => store.set({ views: [], refresh: {} }),
};

export const useTagViews = () => useStore(store, (s) => s.views);
export const useRefreshKeys = () => useStore(store, (s) => s.refresh);
