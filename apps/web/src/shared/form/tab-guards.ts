import { createContext } from 'react';

/**
 * The path of the shell tab a page is rendered in (the keep-alive pane gives it); null outside
 * the tabs (the navbar, a dialog of the layout).
 */
export const TabPathContext = createContext<string | null>(null);

type IsDirty = () => boolean;

/** Forms open in each tab, by tab path: a tab is dirty while any of its forms is. */
const guards = new Map<string, Set<IsDirty>>();

/** A form of the tab `path` that may hold unsaved input; returns its removal. */
export function registerTabGuard(path: string, isDirty: IsDirty): () => void {
  const set = guards.get(path) ?? new Set<IsDirty>();
  set.add(isDirty);
  guards.set(path, set);
  return () => {
    set.delete(isDirty);
    if (set.size === 0 && guards.get(path) === set) guards.delete(path);
  };
}

/** Which of these tabs hold a form with unsaved input (closing them would lose it). */
export function dirtyTabs(paths: readonly string[]): string[] {
  return paths.filter((path) => [...(guards.get(path) ?? [])].some((isDirty) => isDirty()));
}
