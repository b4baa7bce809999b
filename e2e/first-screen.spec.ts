import { expect, type Page, test } from '@playwright/test';
import { dayPart } from '../apps/web/src/features/dashboard/greeting';
import { CRITICAL_PARTS } from '../apps/web/vite-critical-css';
import { BASE_URL, holdRequests, requestsTo, shot, sidebar, signIn } from './support';

/** antd's whole stylesheet (`/assets/antd-<hash>.css`), not one of the first screens' parts of it. */
const isWholeAntdCss = (url: URL) =>
  /\/assets\/antd-[\w-]{8}\.css$/.test(url.pathname) && !/antd-(shell|login)-/.test(url.pathname);

/** The antd components drawn on the page now (`ant-card-body` → `card`). */
const antdComponents = (page: Page) =>
  page.evaluate(() => {
    const names = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class]')))
      for (const name of Array.from(element.classList)) {
        const component = /^ant-([a-z]+)/.exec(name)?.[1];
        if (component) names.add(component);
      }
    return [...names].sort();
  });

test.use({ viewport: { width: 1366, height: 900 } });

test('a visit that begins on the dashboard draws it with the shell part of antd styles, then the whole stylesheet replaces that part', async ({
  page,
  context,
}) => {
  await signIn(context);
  // Held: the first screen must not need it.
  const whole = await holdRequests(page, isWholeAntdCss);
  await page.goto('/dashboard');
  await expect(page.locator('.dashboard .shortcut').first()).toBeVisible();
  await expect(page.getByTestId('dashboard-todo')).toBeVisible();
  // The popups of the first screen: the owner filter's list and a navbar tooltip.
  await page.getByTestId('dashboard-owner').click();
  await expect(page.locator('.ant-select-dropdown')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Theme colour' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Theme colour' })).toBeVisible();

  // Everything drawn so far is styled by the shell's part (vite-critical-css.ts keeps the list).
  const drawn = await antdComponents(page);
  const shell: readonly string[] = CRITICAL_PARTS.shell;
  expect(drawn.filter((name) => !shell.includes(name))).toEqual([]);
  expect(await page.locator('link[data-antd-shell-styles]').count()).toBe(1);
  const card = page.locator('.dashboard-card').first();
  await expect(card).toHaveCSS('border-radius', '8px');
  await expect(card).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await shot(page, 'dashboard-shell-styles');

  // Another screen waits for the whole stylesheet (asked for once the dashboard had painted).
  await expect.poll(() => whole.asked.length).toBeGreaterThan(0);
  await sidebar(page).getByRole('menuitem', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/customer\/list$/);
  await expect(page.locator('.ant-table-thead')).toBeHidden();
  whole.release();
  await expect(page.locator('.ant-table-thead')).toBeVisible();
  await expect(page.locator('link[data-antd-shell-styles]')).toHaveCount(0);
  await expect(page.locator('link[data-antd-styles][data-loaded=""]')).toHaveCount(1);
  // antd's table head (a bare <th> is bold: 700).
  await expect(page.locator('.ant-table-thead th').first()).toHaveCSS('font-weight', '500');
});

test('a session that expired before the visit: the login page it lands on is styled, though the dashboard was guessed', async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: 'rs-token', value: 'expired-session-token', url: BASE_URL }]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  // antd's input box (a bare one has square corners), without a key pressed or the whole file.
  await expect(page.locator('.ant-input-affix-wrapper').first()).toHaveCSS('border-radius', '8px');
});

test('a signed-in visit asks for the user while the app’s code still downloads, and once', async ({
  page,
  context,
}) => {
  await signIn(context);
  const calls = requestsTo(page, '/api/user_info/');
  // The app's libraries are held back until the user has been asked for: only first-screen.ts,
  // which runs beside them, can ask.
  const asked = page.waitForRequest((r) => r.url().includes('/api/user_info/'));
  await page.route(/\/assets\/vendor-[\w-]+\.js$/, async (route) => {
    await asked;
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-todo')).toBeVisible();
  // The app took that answer: it did not ask again.
  expect(calls).toHaveLength(1);
});

test('the dashboard paints from the server with the page’s first bytes, and the app takes its place in one step', async ({
  page,
  context,
}) => {
  await signIn(context);
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  // Every state the page passes through: the first paint, a spinner, the dashboard.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { seenScreens: seen });
    const record = () => {
      const now = ['.fp', '.page-loading', '.dashboard'].filter((s) => document.querySelector(s)).join('+');
      if (now && seen.at(-1) !== now) seen.push(now);
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true });
  });
  // No script of the app runs until released: what shows is the server's page alone.
  const { release, asked } = await holdRequests(page, /\/assets\/[\w-]+\.js$/);
  // Not waiting for `load`: it waits for the held scripts.
  await page.goto('/dashboard', { waitUntil: 'commit' });
  const greeting = page.locator('.fp-greeting');
  await expect(greeting).toBeVisible();
  // The visitor's own hour and date, filled in by the page's one (hashed) inline script.
  const { hour, date } = await page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][now.getDay()];
    return {
      hour: now.getHours(),
      date: `${day}, ${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    };
  });
  const text = (await greeting.textContent()) ?? '';
  expect(text).toMatch(new RegExp(`^Good ${dayPart(hour)}, .+`));
  await expect(page.locator('.fp-today')).toHaveText(`Today: ${date}`);
  await expect(page.locator('.fp-tag')).toHaveText(['Administrator']);
  await shot(page, 'dashboard-first-paint');
  // The shell's and the page's code were asked for by the page itself, no script having run yet.
  for (const chunk of ['Layout', 'DashboardPage', 'prefetch'])
    await expect
      .poll(() => asked.some((url) => new URL(url).pathname.startsWith(`/assets/${chunk}-`)))
      .toBe(true);

  release();
  await expect(page.locator('.dashboard__greeting')).toHaveText(text);
  await expect(page.locator('.fp')).toHaveCount(0);
  await expect(page.locator('.dashboard .shortcut').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { seenScreens: string[] }).seenScreens)).toEqual([
    '.fp',
    '.dashboard',
  ]);
  expect(refused).toEqual([]);
});
