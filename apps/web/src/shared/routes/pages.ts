import { createContext, useContext } from 'react';
import type { PageComponent } from './types';

/**
 * The component of each named route, handed down by `app/` (which knows the features) to the
 * shell that renders them, so nothing below `app/` imports it.
 */
export const PagesContext = createContext<Readonly<Record<string, PageComponent>>>({});

export function usePages(): Readonly<Record<string, PageComponent>> {
  return useContext(PagesContext);
}
