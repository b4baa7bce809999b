import { expect, test } from '@playwright/test';
import { ADMIN, api, apiLogin, BASE_URL, shot, sidebar, signIn } from './support';

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

  test('follows ?redirect= only to a path of this site', async ({ page, context }) => {
    await signIn(context);
    await page.goto(`/login?redirect=${encodeURIComponent('/user/list?from=e2e')}`);
    await expect(page).toHaveURL(/\/user\/list\?from=e2e$/);
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    for (const evil of ['/\\evil.example', '//evil.example', '/\t/evil.example', 'https://evil.example/']) {
      await page.goto(`/login?redirect=${encodeURIComponent(evil)}`);
      await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
      await expect(page.getByRole('heading', { name: /Administrator/ })).toBeVisible();
    }
  });
});

test('the pages keep to their security policy: no violation reported', async ({ page, context }) => {
  test.slow();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.text().startsWith('CSP violation')) violations.push(`${page.url()}: ${m.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const login = await page.goto('/login');
  expect(login?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await signIn(context);
  for (const [path, heading] of [
    ['/dashboard', /Administrator/],
    ['/customer/list', 'Customers'],
    ['/user/list', 'Users'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  }
  await page.goto('/api/docs/');
  // Swagger UI draws every operation of the API in one go: on a loaded two-core CI machine the
  // first one has taken over 30 s (its tag headings were drawn). What is checked is the policy.
  await expect(page.locator('.opblock').first()).toBeVisible({ timeout: 90_000 });
  expect(violations).toEqual([]);
});

test.describe('a password set for the user', () => {
  test('holds the user on the password page until they choose their own, then opens the page asked for', async ({
    page,
    request,
  }) => {
    const admin = await apiLogin(ADMIN);
    const username = `e2e.held${Date.now().toString(36)}`;
    const { id } = await api<{ id: number }>(request, 'POST', '/api/user/create/', {
      token: admin,
      data: { username, password: 'first-pass-1', name: 'Held Henry', roles: ['editor'] },
    });
    await api(request, 'POST', '/api/user/reset_password/', {
      token: admin,
      data: { id, password: 'set-for-you-1' },
    });

    await page.goto('/customer/list?from=e2e');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('set-for-you-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/password\?redirect=%2Fcustomer%2Flist%3Ffrom%3De2e$/);
    await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await expect(page).toHaveTitle('Choose password - Quayside');
    // Nothing else of the app is reachable meanwhile.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/password\?redirect=%2Fdashboard$/);
    await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await shot(page, 'choose-password');

    await page.getByLabel('Current password').fill('set-for-you-1');
    await page.getByLabel('New password', { exact: true }).fill('my-own-pass-1');
    await page.getByLabel('Repeat the new password').fill('my-own-pass-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: /Held Henry/ })).toBeVisible();
  });
});

test.describe('session end', () => {
  test('a session ended on the server shows the login-timed-out warning and the login page', async ({
    page,
    context,
  }) => {
    const token = await signIn(context);
    // A page that asks for nothing more once shown (the dashboard keeps loading its charts, and
    // the first of those to fail would end the session before the click below).
    const listed = page.waitForResponse((r) => r.url().includes('/api/customer/list/'));
    await page.goto('/customer/list');
    await listed;
    await expect(page.getByRole('heading', { name: 'Customers' }).first()).toBeVisible();

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
