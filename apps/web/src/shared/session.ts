import type { UserInfo } from '@quayside/contract';
import { COOKIE, cookies } from './cookies';
import { createStore, useStore } from './store';

/** The signed-in session: the token lives in cookie `rs-token` (spec §9), the user info in memory. */
export interface SessionState {
  token: string | null;
  user: UserInfo | null;
}

export const sessionStore = createStore<SessionState>({
  token: cookies.get(COOKIE.token) ?? null,
  user: null,
});

export function getToken(): string | null {
  return sessionStore.get().token;
}

export function setToken(token: string): void {
  cookies.set(COOKIE.token, token, true);
  sessionStore.set({ token, user: null });
}

export function setUser(user: UserInfo): void {
  sessionStore.set((s) => ({ ...s, user }));
}

/** Forget the session on this side (the token cookie and the user). */
export function clearSession(): void {
  cookies.remove(COOKIE.token);
  sessionStore.set({ token: null, user: null });
}

export const useToken = () => useStore(sessionStore, (s) => s.token);
export const useUser = () => useStore(sessionStore, (s) => s.user);
