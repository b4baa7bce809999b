import { expect, test } from '@playwright/test';
import { shot, sidebar, signIn } from './support';

test('the language switch applies at once and survives a reload', async ({ page, context }) => {
  await signIn(context);
  await page.goto('/user/list');
  await expect(sidebar(page).getByRole('link', { name: 'Customers' })).toBeVisible();

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await expect(page.getByText('切换语言成功')).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: '客户管理' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '用户管理' })).toBeVisible();
  await expect(page).toHaveTitle('用户管理 - Quayside');
  await shot(page, 'zh');

  await page.reload();
  await expect(sidebar(page).getByRole('link', { name: '客户管理' })).toBeVisible();
  await expect(page.getByRole('button', { name: /新建用户/ })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'language')?.value).toBe('zh');
});

test('the login page switches language too', async ({ page }) => {
  await page.goto('/login');
  await page.getByText('中文').click();
  await expect(page.getByRole('heading', { name: '欢迎回来' })).toBeVisible();
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: /登\s?录/ }).click();
  // The server answers in the language of the cookie.
  await expect(page.getByRole('alert').filter({ hasText: '用户名或密码错误' })).toBeVisible();
});

test('the theme colour recolours the interface at once and survives a reload', async ({ page, context }) => {
  await signIn(context);
  await page.goto('/user/list');
  const primary = page.getByRole('button', { name: 'New user' });
  await expect(primary).toHaveCSS('background-color', 'rgb(64, 158, 255)'); // default #409EFF

  await page.getByRole('button', { name: 'Theme colour' }).click();
  // The last preset of SHELL.md: #f5222d.
  await page.locator('.ant-color-picker-presets-color').nth(7).click();
  await expect(page.getByText('Theme colour changed')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(primary).toHaveCSS('background-color', 'rgb(245, 34, 45)');
  await expect(sidebar(page).locator('.ant-menu-item-selected')).toHaveCSS(
    'background-color',
    'rgb(245, 34, 45)',
  );
  await shot(page, 'theme');

  await page.reload();
  await expect(page.getByRole('button', { name: 'New user' })).toHaveCSS(
    'background-color',
    'rgb(245, 34, 45)',
  );
});

test('the sidebar state is remembered in cookie sidebarStatus', async ({ page, context }) => {
  await signIn(context);
  await page.goto('/dashboard');
  const sider = page.locator('.app-sidebar');
  await expect(sider).not.toHaveClass(/ant-layout-sider-collapsed/);
  await page.getByRole('button', { name: 'Collapse the menu' }).click();
  await expect(sider).toHaveClass(/ant-layout-sider-collapsed/);
  expect((await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');

  // The narrow sidebar names an entry on hover (the wide one shows its name and has no hint).
  await sider.getByRole('menuitem', { name: 'Customers' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Customers' })).toBeVisible();

  await page.reload();
  await expect(page.locator('.app-sidebar')).toHaveClass(/ant-layout-sider-collapsed/);
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await expect(page.locator('.app-sidebar')).not.toHaveClass(/ant-layout-sider-collapsed/);
});

test('on a narrow screen the sidebar is collapsed and closes on navigation', async ({ page, context }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await signIn(context);
  await page.goto('/dashboard');
  const sider = page.locator('.app-sidebar');
  await expect(sider).toHaveClass(/ant-layout-sider-collapsed/);

  await page.getByRole('button', { name: 'Open the menu' }).click();
  await expect(sider).not.toHaveClass(/ant-layout-sider-collapsed/);
  await shot(page, 'mobile-menu');
  await sidebar(page).getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/customer\/list$/);
  await expect(sider).toHaveClass(/ant-layout-sider-collapsed/);
});

test('an uncaught error shows the bug icon and lands in the error log', async ({ page, context }) => {
  await signIn(context);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Error log' })).toHaveCount(0);

  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('Simulated failure in a widget');
    }, 0);
  });
  await page.getByRole('button', { name: 'Error log' }).click();
  const dialog = page.getByRole('dialog', { name: 'Error Log' });
  await expect(dialog).toContainText('Simulated failure in a widget');
  await expect(dialog).toContainText('/dashboard');
  await dialog.getByRole('button', { name: 'Clear All' }).click();
  await expect(page.getByRole('button', { name: 'Error log' })).toHaveCount(0);
});
