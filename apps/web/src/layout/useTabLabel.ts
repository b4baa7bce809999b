import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { normalizePath } from '@/shared/routes/resolve';
import { tagsStore } from './tags-store';

/**
 * Names the current page's tab after what it shows (an email's subject, a customer's name), so that
 * five open emails are five tabs one can tell apart. Until it is known the tab keeps its route title.
 */
export function useTabLabel(label: string | undefined) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (label) tagsStore.label(normalizePath(pathname), label);
  }, [pathname, label]);
}
