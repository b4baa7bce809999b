import type { LoginBody, UserInfo } from '@quayside/contract';
import { get, post } from '@/shared/request';

/** POST /api/login/ → token. The username is trimmed (spec §5); the page shows failures itself. */
export function login(body: LoginBody): Promise<{ token: string }> {
  return post<{ token: string }>(
    '/login/',
    { username: body.username.trim(), password: body.password },
    { quiet: true },
  );
}

/** GET /api/user_info/ — quiet: the guard tells the user what went wrong. */
export function fetchUserInfo(token: string): Promise<UserInfo> {
  return get<UserInfo>('/user_info/', { token }, { quiet: true });
}

export function logout(): Promise<null> {
  return post<null>('/logout/');
}
