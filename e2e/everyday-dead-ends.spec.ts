import { expect, type Page, test } from '@playwright/test';
import { EDITOR, shot, sidebar, signIn } from './support';

/** Every href of the sidebar (submenus opened) and of the dashboard shortcuts. */
async function linksOf(page: Page): Promise<string[]> {
  const subs = sidebar(page).locator('.ant-menu-submenu-title');
  for (let i = 0; i < (await subs.count()); i++) {
    const sub = subs.nth(i);
    if ((await sub.getAttribute('aria-expanded')) !== 'true') await sub.click();
  }
  const menu = await sidebar(page)
    .getByRole('link')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  const tiles = await page.locator('a.shortcut').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  return [...new Set([...menu, ...tiles].filter((h): h is string => Boolean(h)))];
}

async function expectNoDeadEnd(page: Page, hrefs: string[]) {
  // A full page load per module (a dozen or more): on a slow two-core CI machine that alone came
  // near the default time limit, and once passed it.
  test.slow();
  for (const href of hrefs) {
    await page.goto(href);
    await expect(page.locator('.app-main')).toBeVisible();
    await expect(page, `${href} opens a page`).not.toHaveURL(/\/(401|404)/);
    await expect(page.getByText(/coming soon/i), `${href} is built`).toHaveCount(0);
  }
}

test('an editor meets no menu entry, tile, badge or link that leads to 401', async ({ page, context }) => {
  await signIn(context, EDITOR);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: new RegExp(EDITOR.name) })).toBeVisible();
  // The app, not the server's first paint (which has the greeting, and a sidebar without links).
  await expect(sidebar(page).getByRole('link', { name: 'Customers' })).toBeVisible();
  // The mail folders are admin-only (spec §2): no unread badge, no compose button for her.
  await expect(page.getByRole('button', { name: /unread/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Write an email' })).toHaveCount(0);
  await shot(page, 'everyday-editor-dashboard');

  const hrefs = await linksOf(page);
  expect(hrefs).toContain('/customer/list');
  expect(hrefs.some((h) => h.startsWith('/email'))).toBe(false);
  await expectNoDeadEnd(page, hrefs);
});

test('an admin sees only built modules, and the mail folder of quotations has a name of its own', async ({
  page,
  context,
}) => {
  await signIn(context);
  await page.goto('/dashboard');
  await expect(page.locator('a.shortcut').first()).toBeVisible();
  const hrefs = await linksOf(page);
  expect(hrefs).toEqual(
    expect.arrayContaining([
      '/customer/list',
      '/email/inbox',
      '/user/list',
      '/product/list',
      '/order/quotation',
      '/order/list',
      '/packing/list',
      '/invoice/list',
      '/website/index',
    ]),
  );
  expect(hrefs).toContain('/task/list');
  // The mail folder and the quotation list are two things with two names.
  const quotationMail = sidebar(page).getByRole('link', { name: 'Quotation mail', exact: true });
  const quotations = sidebar(page).getByRole('link', { name: 'Quotations', exact: true });
  await expect(quotationMail).toHaveAttribute('href', '/email/quotation');
  await expect(quotations).toHaveAttribute('href', '/order/quotation');
  await expectNoDeadEnd(page, hrefs);
});

test('the unread icon opens the unread mail of the inbox', async ({ page, context }) => {
  await signIn(context);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /unread/i }).click();
  await expect(page).toHaveURL(/\/email\/inbox\?is_read=false$/);
});
