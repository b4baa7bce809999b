import { Breadcrumb as AntBreadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { matchRoute } from '@/shared/routes/resolve';
import { ROUTES } from '@/shared/routes/paths';
import { buildBreadcrumb } from './breadcrumb';

export function Breadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const crumbs = buildBreadcrumb(matchRoute(ROUTES, pathname)?.resolved ?? null);
  return (
    <AntBreadcrumb
      className="navbar__breadcrumb"
      items={crumbs.map((c) => ({
        key: c.title,
        title: c.to ? <Link to={c.to}>{t(c.title)}</Link> : <span aria-current="page">{t(c.title)}</span>,
      }))}
    />
  );
}
