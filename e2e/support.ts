import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:8080';

export const ADMIN = { username: 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? 'admin123' };
export const EDITOR = { username: 'e2e.editor', password: 'editor-pass-1', name: 'Eddie Editor' };
/** A second admin, for tests whose remembered list searches (kept per user) must not meet the main admin's. */
export const SECOND_ADMIN = { username: 'e2e.admin2', password: 'admin2-pass-1', name: 'Ada Admin' };

type Credentials = { username: string; password: string };

/** Envelope call to the real server; throws on a failed answer. */
export async function api<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; data?: unknown } = {},
): Promise<T> {
  const headers = options.token ? { 'X-Token': options.token } : undefined;
  const url = `${BASE_URL}${path}`;
  const res =
    method === 'GET'
      ? await request.get(url, { headers })
      : await request.post(url, { headers, data: options.data ?? {} });
  const body = (await res.json()) as { error_status: number; msg: string; data: T };
  if (body.error_status !== 0) throw new Error(`${method} ${path}: ${res.status()} ${body.msg}`);
  return body.data;
}

export async function apiLogin(who: Credentials): Promise<string> {
  const request = await playwrightRequest.newContext();
  try {
    const { token } = await api<{ token: string }>(request, 'POST', '/api/login/', { data: who });
    return token;
  } finally {
    await request.dispose();
  }
}

/** Sign in through the API and hand the token to the browser the way the app keeps it. */
export async function signIn(context: BrowserContext, who: Credentials = ADMIN): Promise<string> {
  const token = await apiLogin(who);
  await context.addCookies([
    { name: 'rs-token', value: token, url: BASE_URL },
    { name: 'language', value: 'en', url: BASE_URL },
  ]);
  return token;
}

export const sidebar = (page: Page) => page.locator('.app-sidebar').getByRole('menu');
export const tabs = (page: Page) => page.getByRole('tablist');
/** The tab whose title is exactly `title`. */
export const tab = (page: Page, title: string) =>
  tabs(page)
    .getByRole('tab')
    .filter({ has: page.locator('.tags-view__title').getByText(title, { exact: true }) });

/** The titles of the open tabs, in order. */
export async function tabTitles(page: Page): Promise<string[]> {
  return (await tabs(page).locator('.tags-view__title').allTextContents()).map((s) => s.trim());
}

export async function openFromSidebar(page: Page, name: string | RegExp, parent?: string | RegExp) {
  if (parent) {
    const sub = sidebar(page).getByRole('menuitem', { name: parent });
    if ((await sub.getAttribute('aria-expanded')) !== 'true') await sub.click();
  }
  await sidebar(page).getByRole('link', { name }).click();
}

/** Screenshots for people to look at, collected under test-results/screenshots. */
export async function shot(page: Page, name: string) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.screenshot({ path: `test-results/screenshots/${name}.png` });
}

type UrlPattern = string | RegExp | ((url: URL) => boolean);

function matches(pattern: UrlPattern, url: string): boolean {
  if (typeof pattern === 'string') return url.includes(pattern);
  if (pattern instanceof RegExp) return pattern.test(url);
  return pattern(new URL(url));
}

/** The URLs of the requests the page makes from now on that match (a string: contained in the URL). */
export function requestsTo(page: Page, pattern: UrlPattern): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (matches(pattern, r.url())) urls.push(r.url());
  });
  return urls;
}

/**
 * Holds the requests that match until `release()`, to see the page without their answers: `asked`
 * lists their URLs as the page makes them.
 */
export async function holdRequests(
  page: Page,
  pattern: UrlPattern,
): Promise<{ release: () => void; asked: string[] }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked: string[] = [];
  await page.route(
    (url) => matches(pattern, url.href),
    async (route) => {
      asked.push(route.request().url());
      await released;
      // A request of a page left meanwhile (a reload) has no one to answer it.
      await route.continue().catch(() => {});
    },
  );
  return { release, asked };
}
