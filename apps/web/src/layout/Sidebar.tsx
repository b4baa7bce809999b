import { Layout, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ROUTES } from '@/shared/routes/paths';
import { matchRoute, normalizePath } from '@/shared/routes/resolve';
import { useSettings } from '@/shared/settings';
import { Logo } from './Logo';
import { type MenuEntry, openKeysFor } from './menu';
import { useMenu } from './useMenu';
import { useCurrentView } from './useTabLabel';

type Item = Required<MenuProps>['items'][number];

function toItems(entries: readonly MenuEntry[], t: (k: string) => string): Item[] {
  return entries.map((entry) => {
    const Icon = entry.icon;
    const icon = Icon ? <Icon key="icon" /> : undefined;
    if (entry.children) {
      return { key: entry.key, icon, label: t(entry.title), children: toItems(entry.children, t) };
    }
    return {
      key: entry.key,
      icon,
      label: <Link to={entry.key}>{t(entry.title)}</Link>,
      title: t(entry.title),
    };
  });
}

/** The sidebar menu lists only the routes the user's roles permit (spec §6). */
export function Sidebar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { sidebarOpened, device } = useSettings();
  const entries = useMenu();
  const items = useMemo(() => toItems(entries, t), [entries, t]);

  const path = normalizePath(pathname);
  const match = matchRoute(ROUTES, path);
  const view = useCurrentView();
  const active =
    view.activeMenu ?? match?.resolved.route.meta?.activeMenu ?? match?.resolved.fullPath ?? path;
  // An editor's parent entries (e.g. /email) stay highlighted on their pages.
  const selected = useMemo(() => {
    const keys: string[] = [];
    const walk = (list: readonly MenuEntry[]) => {
      for (const e of list) {
        if (e.children) walk(e.children);
        else if (active === e.key || active.startsWith(`${e.key}/`)) keys.push(e.key);
      }
    };
    walk(entries);
    return keys.slice(-1);
  }, [entries, active]);

  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(entries, selected[0] ?? active));
  useEffect(() => {
    const needed = openKeysFor(entries, selected[0] ?? active);
    setOpenKeys((keys) =>
      needed.every((k) => keys.includes(k)) ? keys : [...new Set([...keys, ...needed])],
    );
  }, [entries, selected, active]);

  const collapsed = !sidebarOpened;
  return (
    <Layout.Sider
      className="app-sidebar"
      width={220}
      collapsedWidth={device === 'mobile' ? 0 : 64}
      collapsed={collapsed}
      trigger={null}
      aria-label={t('navbar.menu')}
    >
      <Logo collapsed={collapsed} />
      {/* A phone's closed sidebar is no width at all: its menu is built when it opens. */}
      {!(collapsed && device === 'mobile') && (
        <nav className="app-sidebar__menu">
          <Menu
            theme="dark"
            mode="inline"
            items={items}
            selectedKeys={selected}
            // An item's name shows beside it only in the narrow sidebar; in the wide one its hint (an
            // antd Tooltip per item) would only be mounted and measured for nothing.
            tooltip={collapsed ? undefined : false}
            {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          />
        </nav>
      )}
    </Layout.Sider>
  );
}
