import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, useLocation } from 'react-router';
import { PagesContext } from '@/shared/routes/pages';
import { ROUTES } from '@/shared/routes/paths';
import { matchRoute, normalizePath } from '@/shared/routes/resolve';
import { PageLoading } from '@/shared/ui/PageLoading';
import { Guard } from './Guard';
import { PAGES } from './routes';
import { Layout, STANDALONE } from './screens';

export const APP_TITLE = 'Quayside';

/** Page title "<route title> - Quayside". */
function useDocumentTitle(titleKey: string | undefined) {
  // `t` changes with the language, so the title follows a switch.
  const { t } = useTranslation();
  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} - ${APP_TITLE}` : APP_TITLE;
  }, [titleKey, t]);
}

function Screens() {
  const { pathname } = useLocation();
  const path = normalizePath(pathname);
  const standalone = STANDALONE[path as keyof typeof STANDALONE];
  const title = standalone?.title ?? matchRoute(ROUTES, path)?.resolved.route.meta?.title;
  useDocumentTitle(title);
  const Page = standalone?.page ?? Layout;
  return (
    <Suspense fallback={<PageLoading fullScreen />}>
      <Page />
    </Suspense>
  );
}

export function AppRouter() {
  return (
    // Synchronous location updates: every visited page gets its tab, even on quick clicks.
    <BrowserRouter useTransitions={false}>
      <PagesContext value={PAGES}>
        <Guard>
          <Screens />
        </Guard>
      </PagesContext>
    </BrowserRouter>
  );
}
