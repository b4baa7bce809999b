import { expect, type Page, request, test } from '@playwright/test';
import { api, openFromSidebar, shot, signIn, tab, tabTitles } from './support';

/** Entries that sit in a submenu, with its name. */
const SUBMENU: Record<string, string> = { Blacklist: 'Email' };

async function openTabs(page: Page, ...names: string[]) {
  for (const name of names) await openFromSidebar(page, name, SUBMENU[name]);
}

let token = '';
test.beforeEach(async ({ page, context }) => {
  token = await signIn(context);
  await page.goto('/dashboard');
  await expect(tab(page, 'Dashboard')).toBeVisible();
});

test('tabs close one, close others and close all', async ({ page }) => {
  await openTabs(page, 'Customers', 'Users', 'Blacklist');
  await expect.poll(() => tabTitles(page)).toEqual(['Dashboard', 'Customers', 'Users', 'Blacklist']);
  await expect(tab(page, 'Blacklist')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.navbar__breadcrumb')).toHaveText(/Dashboard\s*\/\s*Email\s*\/\s*Blacklist/);
  await shot(page, 'shell-tabs');

  // The dashboard tab is fixed.
  await expect(tab(page, 'Dashboard').getByRole('button')).toHaveCount(0);

  // Closing the active tab goes to the last remaining one.
  await tab(page, 'Blacklist').getByRole('button', { name: 'Close Blacklist' }).click();
  await expect.poll(() => tabTitles(page)).toEqual(['Dashboard', 'Customers', 'Users']);
  await expect(page).toHaveURL(/\/user\/list$/);

  // Closing another tab stays where the user is.
  await tab(page, 'Customers').getByRole('button', { name: 'Close Customers' }).click();
  await expect.poll(() => tabTitles(page)).toEqual(['Dashboard', 'Users']);
  await expect(page).toHaveURL(/\/user\/list$/);

  // Close others (context menu) keeps the chosen tab and the fixed one, and goes to it.
  await openTabs(page, 'Customers', 'Blacklist');
  await expect.poll(() => tabTitles(page)).toEqual(['Dashboard', 'Users', 'Customers', 'Blacklist']);
  await tab(page, 'Customers').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Close others' }).click();
  await expect.poll(() => tabTitles(page)).toEqual(['Dashboard', 'Customers']);
  await expect(page).toHaveURL(/\/customer\/list$/);

  // Close all keeps the fixed tab and goes to it.
  await openTabs(page, 'Users');
  await tab(page, 'Users').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Close all' }).click();
  await expect.poll(() => tabTitles(page)).toEqual(['Dashboard']);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a middle click closes a tab; clicking a tab opens its page', async ({ page }) => {
  await openTabs(page, 'Customers', 'Users');
  await tab(page, 'Customers').click();
  await expect(page).toHaveURL(/\/customer\/list$/);
  await tab(page, 'Users').click({ button: 'middle' });
  await expect.poll(() => tabTitles(page)).toEqual(['Dashboard', 'Customers']);
  await expect(page).toHaveURL(/\/customer\/list$/);
});

test('a page in an open tab keeps what the user typed; refresh rebuilds it', async ({ page }) => {
  await openTabs(page, 'Users');
  const search = page.getByPlaceholder('Username or name');
  await search.fill('typed but not searched');
  // The list searches once typing pauses (the search goes into the URL).
  await expect(page).toHaveURL(/q=typed/);

  await tab(page, 'Dashboard').click();
  await expect(page.getByRole('heading', { name: /Administrator/ })).toBeVisible();
  await expect(search).toBeHidden();
  await tab(page, 'Users').click();
  await expect(search).toHaveValue('typed but not searched');

  // Refresh rebuilds the page (a new element); the list's search lives in the tab's URL and stays.
  const pane = page.locator('[data-pane="/user/list"] .page');
  await pane.evaluate((el) => el.setAttribute('data-before-refresh', ''));
  await tab(page, 'Users').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Refresh' }).click();
  await expect(pane).toBeVisible();
  await expect(pane).not.toHaveAttribute('data-before-refresh');
  await expect(page.getByPlaceholder('Username or name')).toHaveValue('typed but not searched');
  await expect.poll(() => tabTitles(page)).toEqual(['Dashboard', 'Users']);
  // Leave no remembered search behind for the admin's other tests.
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL(/\/user\/list$/);
});

test('the tab strip follows the breadcrumb and the sidebar', async ({ page }) => {
  // A customer of this run: a fixed id would be some other test's customer, named after it.
  const company = `Tab Strip Trading ${Date.now()}`;
  const ctx = await request.newContext();
  let id = 0;
  try {
    id = (
      await api<{ id: number }>(ctx, 'POST', '/api/customer/create/', {
        token,
        data: { company_name: company },
      })
    ).id;
  } finally {
    await ctx.dispose();
  }
  await page.goto(`/customer/detail/${id}`);
  await expect(tab(page, company)).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.navbar__breadcrumb')).toHaveText(
    new RegExp(`Dashboard\\s*/\\s*Customers\\s*/\\s*${company}$`),
  );
  await expect(page.locator('.app-sidebar .ant-menu-item-selected')).toHaveText('Customers');
  // By title: the detail page has tabs of its own.
  await expect.poll(() => tabTitles(page)).toEqual(['Dashboard', company]);
});

test('a detail tab is named after what it shows, so open customers can be told apart', async ({ page }) => {
  const stamp = Date.now();
  const companies = [`Tab Named Trading ${stamp}`, `Tab Named Imports ${stamp}`];
  const ctx = await request.newContext();
  const ids: number[] = [];
  try {
    for (const company_name of companies)
      ids.push(
        (await api<{ id: number }>(ctx, 'POST', '/api/customer/create/', { token, data: { company_name } }))
          .id,
      );
  } finally {
    await ctx.dispose();
  }
  await page.goto(`/customer/list?q=${stamp}`);
  for (const company of companies) {
    await tab(page, 'Customers').click();
    await page.getByRole('link', { name: company }).click();
    await expect(tab(page, company)).toHaveAttribute('aria-selected', 'true');
  }
  await expect.poll(() => tabTitles(page)).toEqual(['Dashboard', 'Customers', ...companies]);
  // The route's own title stays in the tooltip.
  await expect(tab(page, companies[0] as string).locator('.tags-view__title')).toHaveAttribute(
    'title',
    `Customer details #${ids[0]} · ${companies[0]}`,
  );
});
