import type { Role } from '@quayside/contract';
import type { ComponentType } from 'react';
import type { Preloadable } from './preloadable';

/** Route metadata of spec §2: title (an i18n key), icon, roles, hidden, alwaysShow, noCache. */
export interface RouteMeta {
  title: string;
  icon?: ComponentType;
  /** Who may open it; absent means everyone. Admin passes every check. */
  roles?: readonly Role[];
  /** Not in the sidebar (details, create forms, error pages). */
  hidden?: boolean;
  /** Show the parent as a submenu even with a single visible child. */
  alwaysShow?: boolean;
  /** Do not keep the page alive in its tab: it is rebuilt on every visit. */
  noCache?: boolean;
  /** The tab can not be closed (dashboard). */
  affix?: boolean;
  /** The sidebar entry to highlight for a hidden page. */
  activeMenu?: string;
}

/** Route params handed to a page whose route sets `props: true`. */
export type PageProps = Record<string, string | undefined>;

/** A page's component; `preload` starts loading its chunk ahead of rendering (e.g. while the session loads). */
export type PageComponent = Preloadable<PageProps>;

export interface AppRoute {
  /** Absolute for top-level entries, relative (no leading slash) for children. */
  path: string;
  /** Unique name; a named route is a page (its component: `app/routes.tsx`) and gets a tab. */
  name?: string;
  redirect?: string;
  meta?: RouteMeta;
  /** Pass the route params to the page as props (spec §2: "id passed as a prop"). */
  props?: boolean;
  children?: AppRoute[];
}

/** A route with its absolute path and its ancestors (outermost first, itself last). */
export interface ResolvedRoute {
  fullPath: string;
  route: AppRoute;
  chain: AppRoute[];
}
