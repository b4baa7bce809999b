import { expect, test } from '@playwright/test';
import { ADMIN, api, shot, sidebar, signIn } from './support';

test.describe('login', () => {
  test('asks for login and brings the user back to the page asked for', async ({ page }) => {
    await page.goto('/user/list?from=e2e');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Flist%3Ffrom%3De2e$/);
    await expect(page).toHaveTitle('Log in - Quayside');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await shot(page, 'login');

    // The username is trimmed; Enter submits.
    await page.getByLabel('Username').fill(`  ${ADMIN.username}  `);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByLabel('Password').press('Enter');

    await expect(page).toHaveURL(/\/user\/list\?from=e2e$/);
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(page).toHaveTitle('Users - Quayside');
  });

  test('needs both fields and shows the server message for a wrong password', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Please enter your username')).toBeVisible();
    await expect(page.getByText('Please enter your password')).toBeVisible();

    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Wrong username or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-in user opening /login lands on the dashboard', async ({ page, context }) => {
    await signIn(context);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: /Administrator/ })).toBeVisible();
    await expect(page).toHaveTitle('Dashboard - Quayside');
  });

  test('warns while the first admin keeps the default password', async ({ page, context }) => {
    await signIn(context);
    await page.goto('/dashboard');
    const banner = page.getByRole('alert').filter({ hasText: 'You are still using the default password' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('dialog', { name: 'Change password' })).toBeVisible();
    await expect(page.getByLabel('Current password')).toBeFocused();
  });
});

test.describe('session end', () => {
  test('a session ended on the server shows the login-timed-out warning and the login page', async ({
    page,
    context,
  }) => {
    const token = await signIn(context);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: /Administrator/ })).toBeVisible();

    // The token stops working on the server (as when it expires or is revoked).
    await api(page.request, 'POST', '/api/logout/', { token });

    await sidebar(page).getByRole('link', { name: 'Users' }).click();
    const warning = page.locator('.ant-notification-notice').filter({ hasText: 'Error' });
    await expect(warning).toContainText('Your login has timed out, please log in again');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Flist$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === 'rs-token')).toBe(false);
  });

  test('log out from the user menu ends the session', async ({ page, context }) => {
    const token = await signIn(context);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    // The token no longer works on the server either.
    const res = await page.request.get('/api/user_info/', { headers: { 'X-Token': token } });
    expect(res.status()).toBe(403);
  });
});
