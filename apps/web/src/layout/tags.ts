/** Tabs of visited pages (SHELL.md), as pure functions over the list of open tabs. */

export interface TagView {
  /** The pathname: one tab per path. */
  path: string;
  /** Path with query: a changed query updates the tab. */
  fullPath: string;
  name: string;
  /** i18n key of the route title. */
  title: string;
  affix: boolean;
  noCache: boolean;
  /** An id shown after the title, for detail pages. */
  suffix?: string;
  /** What a detail page shows (an email's subject, a customer's name): the tab's text once loaded. */
  label?: string;
  /** The sidebar entry a detail page belongs to when it depends on what it shows (its folder). */
  activeMenu?: string;
}

export interface TagsResult {
  views: TagView[];
  /** Where to navigate afterwards; null: stay. */
  navigateTo: string | null;
}

export function addView(views: readonly TagView[], view: TagView): TagView[] {
  const index = views.findIndex((v) => v.path === view.path);
  if (index === -1) return [...views, view];
  const existing = views[index] as TagView;
  if (existing.fullPath === view.fullPath && existing.title === view.title) return views as TagView[];
  const next = [...views];
  next[index] = { ...existing, fullPath: view.fullPath, title: view.title, suffix: view.suffix };
  return next;
}

/** Names the tab of `path` after what its page shows; other tabs stay as they are. */
export function labelView(
  views: readonly TagView[],
  path: string,
  label: string,
  activeMenu?: string,
): TagView[] {
  const index = views.findIndex((v) => v.path === path);
  const existing = views[index];
  if (!existing || (existing.label === label && existing.activeMenu === activeMenu))
    return views as TagView[];
  const next = [...views];
  next[index] = { ...existing, label, activeMenu };
  return next;
}

function lastOrRoot(views: readonly TagView[]): string {
  return views.at(-1)?.fullPath ?? '/';
}

/** Close one tab; closing the active one goes to the last remaining tab, or `/`. */
export function closeView(views: readonly TagView[], path: string, activePath: string): TagsResult {
  const target = views.find((v) => v.path === path);
  if (!target || target.affix) return { views: views as TagView[], navigateTo: null };
  const rest = views.filter((v) => v.path !== path);
  return { views: rest, navigateTo: path === activePath ? lastOrRoot(rest) : null };
}

/** Close others: keep the chosen tab and the fixed ones, and go to the chosen tab. */
export function closeOthers(views: readonly TagView[], path: string, activePath: string): TagsResult {
  const chosen = views.find((v) => v.path === path);
  if (!chosen) return { views: views as TagView[], navigateTo: null };
  const rest = views.filter((v) => v.affix || v.path === path);
  return { views: rest, navigateTo: path === activePath ? null : chosen.fullPath };
}

/** Close all: keep the fixed tabs and go to the last one, or `/`. */
export function closeAll(views: readonly TagView[]): TagsResult {
  const rest = views.filter((v) => v.affix);
  return { views: rest, navigateTo: lastOrRoot(rest) };
}
