import { type ReactNode, useEffect, useLayoutEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { dropLoginPaint } from '@/features/auth/login-paint';
import { loadUser } from '@/features/auth/session';
import { LOGIN_PATH, ROUTES } from '@/shared/routes/paths';
import { normalizePath } from '@/shared/routes/resolve';
import { useToken, useUser } from '@/shared/session';
import { PageLoading } from '@/shared/ui/PageLoading';
import { decideGuard } from './guard';
import { preloadScreen } from './screens';

/** Applies the navigation guard (guard.ts) to every location. */
export function Guard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useToken();
  const user = useUser();
  const decision = decideGuard(
    {
      pathname: location.pathname,
      search: location.search,
      hasToken: token !== null,
      roles: user?.roles ?? null,
      mustChangePassword: user?.must_change_password ?? false,
    },
    ROUTES,
  );

  useEffect(() => {
    if (decision.kind !== 'load-user') return;
    void preloadScreen(location.pathname);
    // On failure the session is gone and the user goes to the root (spec §4), which shows login.
    void loadUser().then((ok) => {
      if (!ok) navigate('/', { replace: true });
    });
  }, [decision.kind, navigate, location.pathname]);

  // The login page takes the server's paint of itself; any other screen shown (a session begun in
  // another tab meanwhile) must not stay under it.
  const rendersOther = decision.kind === 'render' && normalizePath(location.pathname) !== LOGIN_PATH;
  useLayoutEffect(() => {
    if (rendersOther) dropLoginPaint();
  }, [rendersOther]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'load-user') return <PageLoading fullScreen />;
  return children;
}
