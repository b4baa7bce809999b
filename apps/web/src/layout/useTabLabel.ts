import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { normalizePath } from '@/shared/routes/resolve';
import { tagsStore, useTagViews } from './tags-store';

/**
 * Names the current page's tab after what it shows (an email's subject, a customer's name), so that
 * five open emails are five tabs one can tell apart; the breadcrumb ends in it too. Until it is known
 * the tab keeps its route title. `activeMenu`: the sidebar entry to highlight when it depends on
 * what the page shows (an email's folder).
 */
export function useTabLabel(label: string | undefined, activeMenu?: string) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (label) tagsStore.label(normalizePath(pathname), label, activeMenu);
  }, [pathname, label, activeMenu]);
}

/** What the current page's tab says it shows, and the sidebar entry it asked for. */
export function useCurrentView(): { label?: string; activeMenu?: string } {
  const path = normalizePath(useLocation().pathname);
  const view = useTagViews().find((v) => v.path === path);
  return { label: view?.label, activeMenu: view?.activeMenu };
}
