import type { UserInfo } from '@quayside/contract';
import { i18n } from '@/shared/i18n';
import { NOTICE_SECONDS, notify } from '@/shared/notify';
import { RequestError } from '@/shared/request';
import { clearSession, getToken, setUser } from '@/shared/session';
import { fetchUserInfo, logout } from './api';

/** Spec §5: user info must carry a non-empty roles array. */
export function checkUserInfo(info: UserInfo): UserInfo {
  if (!Array.isArray(info?.roles) || info.roles.length === 0) throw new Error(i18n.t('guard.rolesRequired'));
  return info;
}

let inflight: Promise<boolean> | null = null;

/** Set once the page is being left: the browser then cancels the user-info call, which is no failure. */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (leaving = true));
  window.addEventListener('pageshow', () => (leaving = false));
}

/**
 * Token but no user yet (spec §4): fetch the user info. On failure the session is cleared and
 * the error (or "Verification failed, please login again") shown; resolves false then.
 */
export function loadUser(): Promise<boolean> {
  inflight ??= (async () => {
    const token = getToken();
    if (!token) return false;
    try {
      setUser(checkUserInfo(await fetchUserInfo(token)));
      return true;
    } catch (err) {
      // A reload or a link followed while the user info loads must not sign the user out.
      if (leaving) return false;
      // Auth, server and network failures were already shown by the request wrapper.
      const told = err instanceof RequestError && !['business', 'forbidden'].includes(err.kind);
      if (getToken() === token) clearSession();
      if (!told) {
        const serverMsg =
          err instanceof RequestError ? err.serverMsg : err instanceof Error ? err.message : '';
        const text = serverMsg || i18n.t('guard.verificationFailed');
        notify.message('error', text, NOTICE_SECONDS);
      }
      return false;
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}

/** Re-read the user info after a profile change. */
export async function refreshUser(): Promise<void> {
  const token = getToken();
  if (token) setUser(checkUserInfo(await fetchUserInfo(token)));
}

/** Spec §4: call the logout action, then reload the page (the guard then shows login). */
export async function logoutAndReload(reload: () => void = () => window.location.reload()): Promise<void> {
  try {
    await logout();
  } catch {
    // Even if the server can't be told, this browser forgets the session.
  }
  clearSession();
  reload();
}
