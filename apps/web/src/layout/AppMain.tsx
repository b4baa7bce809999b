import { lazy, memo, Suspense, useLayoutEffect, useRef } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { TabPathContext } from '@/shared/form/tab-guards';
import { usePages } from '@/shared/routes/pages';
import { ROUTES } from '@/shared/routes/paths';
import { matchRoute, normalizePath } from '@/shared/routes/resolve';
import { ErrorBoundary } from '@/shared/ui/ErrorBoundary';
import { PageFailed } from '@/shared/ui/PageFailed';
import { PageLoading } from '@/shared/ui/PageLoading';
import { useRefreshKeys, useTagViews } from './tags-store';

const ComingSoonPage = lazy(() => import('@/shared/ui/ComingSoonPage'));

interface PaneProps {
  path: string;
  search: string;
  active: boolean;
}

/**
 * One page. Each pane routes against its own location, so a page kept in a background tab
 * keeps its params and state while the user works elsewhere.
 */
const Pane = memo(function Pane({ path, search, active }: PaneProps) {
  const pages = usePages();
  const match = matchRoute(ROUTES, path);
  if (!match?.resolved.route.name) return null;
  // A route whose module is not built yet says so.
  const Page = pages[match.resolved.route.name] ?? ComingSoonPage;
  const { fullPath, route } = match.resolved;
  const props = route.props ? match.params : {};
  return (
    <div className="app-main__pane" hidden={!active} data-pane={path}>
      <TabPathContext value={path}>
        <ErrorBoundary fallback={(retry, error) => <PageFailed retry={retry} error={error} />}>
          <Suspense fallback={<PageLoading />}>
            <Routes location={{ pathname: path, search, hash: '', state: null, key: path }}>
              <Route path={fullPath} element={<Page {...props} />} />
            </Routes>
          </Suspense>
        </ErrorBoundary>
      </TabPathContext>
    </div>
  );
});

/**
 * The page area. Pages of open tabs stay mounted (hidden) so filters, scroll position and
 * form input survive switching tabs; `noCache` pages are rebuilt on every visit.
 */
export function AppMain() {
  const location = useLocation();
  const current = normalizePath(location.pathname);
  const views = useTagViews();
  const refresh = useRefreshKeys();
  const scrollRef = useRef<HTMLDivElement>(null);
  const positions = useRef(new Map<string, number>());
  const activeRef = useRef(current);

  const panes = views.filter((v) => v.path === current || !v.noCache).map((v) => v.path);
  if (!panes.includes(current)) panes.push(current);
  const searchOf = (path: string) =>
    path === current
      ? location.search
      : (views.find((v) => v.path === path)?.fullPath.slice(path.length) ?? '');

  useLayoutEffect(() => {
    const previous = activeRef.current;
    activeRef.current = current;
    const target = positions.current.get(current) ?? 0;
    // Writing scrollTop forces a layout in the middle of the commit: skipped when nothing moves
    // (the first page, or between pages that were both at the top).
    if (scrollRef.current && (target !== 0 || (positions.current.get(previous) ?? 0) !== 0)) {
      scrollRef.current.scrollTop = target;
    }
  }, [current]);

  return (
    <main
      className="app-main"
      ref={scrollRef}
      // What "near the screen" is measured against (shared/ui/NearScreen.tsx).
      data-scroll-root=""
      onScroll={(e) => positions.current.set(activeRef.current, e.currentTarget.scrollTop)}
    >
      {panes.map((path) => (
        <Pane
          key={`${path}#${refresh[path] ?? 0}`}
          path={path}
          search={searchOf(path)}
          active={path === current}
        />
      ))}
    </main>
  );
}
