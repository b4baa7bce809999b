import { createContext, useCallback, useContext } from 'react';
import { useUser } from '@/shared/session';
import { canOpenPath } from './reach';
import type { PageComponent } from './types';

/**
 * The component of each named route whose module is built, handed down by `app/` (which
 * knows the features) to the shell that renders them, so nothing below `app/` imports it.
 */
export const PagesContext = createContext<Readonly<Record<string, PageComponent>>>({});

export function usePages(): Readonly<Record<string, PageComponent>> {
  return useContext(PagesContext);
}

/** `(path) => boolean`: whether the signed-in user may open that path (see `canOpenPath`). */
export function useCanOpen(): (path: string) => boolean {
  const pages = usePages();
  const roles = useUser()?.roles;
  return useCallback(
    (path: string) => canOpenPath(roles ?? [], path, (name) => name in pages),
    [roles, pages],
  );
}
