import { expect, type Page, request, test } from '@playwright/test';
import { api, BASE_URL, shot, signIn, tab, tabTitles } from './support';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function createCustomer(token: string, company: string): Promise<number> {
  const ctx = await request.newContext();
  try {
    return (
      await api<{ id: number }>(ctx, 'POST', '/api/customer/create/', {
        token,
        data: { company_name: company },
      })
    ).id;
  } finally {
    await ctx.dispose();
  }
}

/** The list of the page on screen (pages of other tabs stay mounted, hidden). */
const list = (page: Page) => page.locator('.app-main__pane:not([hidden]) .list-table');

/** True when the list's table needs a sideways scroll. */
const scrollsSideways = (page: Page) =>
  list(page)
    .locator('.ant-table-content, .ant-table-body')
    .first()
    .evaluate((el) => el.scrollWidth > el.clientWidth + 1);

async function listLoaded(page: Page) {
  await expect(list(page)).toBeVisible();
  await expect(list(page).locator('.ant-spin-spinning')).toHaveCount(0);
}

test.describe('at a 1366 px laptop screen', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('a 200-character company name ends in an ellipsis with the whole name on hover; no list scrolls sideways', async ({
    page,
    context,
  }) => {
    const token = await signIn(context);
    const id = unique();
    const company = `${id} ${'Very Long Company Name International Trading '.repeat(5)}`.slice(0, 200);
    const customerId = await createCustomer(token, company);
    await page.goto(`/customer/list?q=${id}`);
    await listLoaded(page);
    const link = list(page).getByRole('link', { name: company });
    await expect(link).toHaveAttribute('title', company);
    const cut = await link.evaluate((el) => {
      const cell = el.closest('td') as HTMLElement;
      return { width: cell.getBoundingClientRect().width, overflows: cell.scrollWidth > cell.clientWidth };
    });
    expect(cut.width).toBeLessThan(400);
    expect(cut.overflows).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, 'everyday-long-name-1366');
    // The row still opens its customer (a click on the name's visible start).
    await link.click({ position: { x: 12, y: 6 } });
    await expect(page).toHaveURL(new RegExp(`/customer/detail/${customerId}$`));

    // The lists built on the shared list kit.
    for (const path of ['/customer/list', '/email/inbox', '/email/outbox', '/email/drafts', '/user/list']) {
      await page.goto(path);
      await listLoaded(page);
      expect(await scrollsSideways(page), path).toBe(false);
    }
  });

  test('tabs of visited pages survive a reload', async ({ page, context }) => {
    await signIn(context);
    await page.goto('/customer/list');
    await listLoaded(page);
    await page.goto('/user/list');
    await expect(tab(page, 'Users')).toBeVisible();
    await page.reload();
    await expect(tab(page, 'Users')).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => tabTitles(page)).toEqual(['Dashboard', 'Customers', 'Users']);
  });

  test('the selected sidebar item stays visible with the darkest theme preset', async ({ page, context }) => {
    await signIn(context);
    await page.addInitScript(() => localStorage.setItem('quayside.theme', '#212121'));
    await page.goto('/customer/list');
    const selected = page.locator('.app-sidebar .ant-menu-item-selected');
    await expect(selected).toHaveText('Customers');
    const [item, sider] = await Promise.all([
      selected.evaluate((el) => getComputedStyle(el).backgroundColor),
      page.locator('.app-sidebar').evaluate((el) => getComputedStyle(el).backgroundColor),
    ]);
    expect(item).not.toBe(sider);
    expect(item).not.toBe('rgb(33, 33, 33)');
    await shot(page, 'everyday-theme-212121');
  });
});

test.describe('at a 390 px phone screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('list filters fold behind a button, the search box stays', async ({ page, context }) => {
    await signIn(context);
    await page.goto('/customer/list');
    await listLoaded(page);
    const search = page.getByRole('textbox', { name: 'Search customers' });
    await expect(search).toBeVisible();
    const owner = page.locator('.customer-filters').getByRole('combobox').first();
    await expect(owner).toBeHidden();
    await shot(page, 'everyday-filters-390');
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(owner).toBeVisible();
    await shot(page, 'everyday-filters-open-390');
  });

  test('the top bar keeps the search as its icon (the box had shown empty)', async ({ page, context }) => {
    await signIn(context);
    await page.goto('/dashboard');
    const search = page.getByRole('button', { name: 'Search everywhere' });
    await expect(search.locator('.anticon-search')).toBeVisible();
    await expect(search.locator('.navbar__search-label')).toBeHidden();
    await expect(search.locator('kbd')).toBeHidden();
  });
});

test('the changed screens in Chinese, at 1366 and 390 px', async ({ page, context }) => {
  await signIn(context);
  await context.addCookies([{ name: 'language', value: 'zh', url: BASE_URL }]);
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/customer/list');
    await listLoaded(page);
    await shot(page, `everyday-zh-customers-${width}`);
    await page.goto('/email/outbox');
    await listLoaded(page);
    await shot(page, `everyday-zh-outbox-${width}`);
    await page.goto('/user/list');
    await listLoaded(page);
    await shot(page, `everyday-zh-users-${width}`);
  }
});
