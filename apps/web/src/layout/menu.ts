import type { ComponentType } from 'react';
import { joinPath } from '@/shared/routes/resolve';
import type { AppRoute } from '@/shared/routes/types';

export interface MenuEntry {
  /** The absolute path the entry opens (a submenu's own path for submenus). */
  key: string;
  title: string;
  icon?: ComponentType;
  children?: MenuEntry[];
}

/**
 * Sidebar entries from the (already role-filtered) routes, as the template's sidebar does:
 * hidden routes are skipped; a parent with one visible child shows that child unless
 * `alwaysShow`; a parent with no visible child shows as an entry of its own.
 */
export function buildMenu(routes: readonly AppRoute[], parentPath = ''): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const route of routes) {
    if (route.meta?.hidden) continue;
    const path = joinPath(parentPath, route.path);
    const visible = (route.children ?? []).filter((c) => !c.meta?.hidden);

    if (route.children && visible.length === 1 && !route.meta?.alwaysShow) {
      const only = visible[0] as AppRoute;
      const onlyPath = joinPath(path, only.path);
      const onlyVisible = (only.children ?? []).filter((c) => !c.meta?.hidden);
      if (onlyVisible.length > 0) {
        out.push(...buildMenu([only], path));
        continue;
      }
      const title = only.meta?.title ?? route.meta?.title;
      if (title) out.push({ key: onlyPath, title, icon: only.meta?.icon ?? route.meta?.icon });
      continue;
    }
    if (!route.meta?.title) continue;
    if (visible.length === 0) {
      out.push({ key: path, title: route.meta.title, icon: route.meta.icon });
      continue;
    }
    out.push({
      key: path,
      title: route.meta.title,
      icon: route.meta.icon,
      children: buildMenu(visible, path),
    });
  }
  return out;
}

/** Keys of the submenus leading to `path` (to open them). */
export function openKeysFor(entries: readonly MenuEntry[], path: string): string[] {
  for (const entry of entries) {
    if (entry.key === path) return [];
    if (entry.children) {
      const inner = openKeysFor(entry.children, path);
      if (inner.length > 0 || entry.children.some((c) => c.key === path)) return [entry.key, ...inner];
    }
  }
  return [];
}

/**
 * Only entries that open a page: an entry whose path would end on 401 or on a module not
 * built yet is dropped, and so is a submenu left empty (issue 15: no dead ends).
 */
export function pruneMenu(entries: readonly MenuEntry[], canOpen: (path: string) => boolean): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of entries) {
    if (!entry.children) {
      if (canOpen(entry.key)) out.push(entry);
      continue;
    }
    const children = pruneMenu(entry.children, canOpen);
    if (children.length > 0) out.push({ ...entry, children });
  }
  return out;
}
