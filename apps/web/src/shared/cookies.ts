import Cookies from 'js-cookie';

/** Cookie names of spec §9; the server reads `language` to answer in the user's language. */
export const COOKIE = {
  token: 'rs-token',
  sidebar: 'sidebarStatus',
  language: 'language',
} as const;

const OPTIONS = { path: '/', sameSite: 'lax', expires: 365 } as const;

export const cookies = {
  get: (name: string): string | undefined => Cookies.get(name),
  set: (name: string, value: string, session = false) =>
    Cookies.set(name, value, session ? { path: '/', sameSite: 'lax' } : OPTIONS),
  remove: (name: string) => Cookies.remove(name, { path: '/' }),
};
