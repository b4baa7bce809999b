import { Breadcrumb as AntBreadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCanOpen } from '@/shared/routes/pages';
import { ROUTES } from '@/shared/routes/paths';
import { matchRoute } from '@/shared/routes/resolve';
import { buildBreadcrumb } from './breadcrumb';
import { useCurrentView } from './useTabLabel';

export function Breadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const canOpen = useCanOpen();
  const { label } = useCurrentView();
  const crumbs = buildBreadcrumb(matchRoute(ROUTES, pathname)?.resolved ?? null);
  const last = crumbs.at(-1);
  // A detail page's crumb says what it shows (the email's subject), like its tab.
  if (label && last && !last.to && crumbs.length > 1) crumbs[crumbs.length - 1] = { title: label, raw: true };
  return (
    <AntBreadcrumb
      className="navbar__breadcrumb"
      items={crumbs.map((c) => ({
        key: c.title,
        title:
          c.to && canOpen(c.to) ? (
            <Link to={c.to}>{t(c.title)}</Link>
          ) : (
            <span aria-current={c.to ? undefined : 'page'} className="navbar__crumb">
              {c.raw ? c.title : t(c.title)}
            </span>
          ),
      }))}
    />
  );
}
