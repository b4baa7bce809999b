import { expect, type Page, test } from '@playwright/test';
import { ADMIN, holdRequests, shot } from './support';

/** Where the login page's parts are drawn, rounded to the pixel: the paint's and the app's alike. */
const places = (page: Page) =>
  page.evaluate(() => {
    const place = (selector: string) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return box ? [box.x, box.y, box.width, box.height].map(Math.round).join(',') : null;
    };
    return {
      title: place('h2'),
      subtitle: place('.login__subtitle'),
      username: place('input[autocomplete="username"]'),
      password: place('input[autocomplete="current-password"]'),
      submit: place('.login__submit'),
      language: place('.login__lang'),
      tagline: place('.login__tagline'),
    };
  });

/** The app's own login form, not the paint's (antd names its fields `login_…`). */
const appForm = (page: Page) => page.locator('form#login');

for (const screen of [
  { name: 'laptop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('the login page shows with its first bytes, takes typing, and the app takes its place where it stands, with what was typed', async ({
      page,
    }) => {
      // No script of the app runs until released: what shows is the server's page alone.
      const scripts = await holdRequests(page, /\/assets\/[\w-]+\.js$/);
      await page.goto('/login', { waitUntil: 'commit' });
      const paint = page.locator('#login-paint');
      await expect(paint.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
      await page.getByLabel('Username').fill(ADMIN.username);
      await page.getByLabel('Password').pressSequentially(ADMIN.password.slice(0, 4));
      await page.keyboard.press('ArrowLeft');
      const painted = await places(page);
      await shot(page, `login-paint-${screen.name}`);

      scripts.release();
      await expect(appForm(page)).toBeVisible();
      await expect(paint).toHaveCount(0);
      expect(await places(page)).toEqual(painted);
      await expect(page.locator('#login_username')).toHaveValue(ADMIN.username);
      await expect(page.locator('#login_password')).toHaveValue(ADMIN.password.slice(0, 4));
      // The caret is where it was: typing goes on in the same place.
      await expect(page.locator('#login_password')).toBeFocused();
      expect(
        await page.locator('#login_password').evaluate((input: HTMLInputElement) => input.selectionStart),
      ).toBe(3);
      await page.keyboard.press('End');
      await page.keyboard.type(ADMIN.password.slice(4));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { name: /Administrator/ })).toBeVisible();
    });
  });
}

test('a sign-in asked for before the app has arrived is made once it has, the password never in an address', async ({
  page,
}) => {
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => addresses.push(frame.url()));
  const scripts = await holdRequests(page, /\/assets\/[\w-]+\.js$/);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // Held by the page: no form went to the server.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('#login-paint')).toBeVisible();

  scripts.release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Administrator/ })).toBeVisible();
  expect(
    addresses.filter(
      (url) => url.includes(encodeURIComponent(ADMIN.password)) || url.includes(ADMIN.password),
    ),
  ).toEqual([]);
});

test('the language switch works before the app has arrived: the page comes back in Chinese with the user name typed, and the app stays so', async ({
  page,
}) => {
  const scripts = await holdRequests(page, /\/assets\/[\w-]+\.js$/);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.locator('#login-paint input[name="username"]').fill('li.wei');
  await page.locator('#login-paint').getByRole('button', { name: '中文' }).click();
  await expect(page.locator('#login-paint').getByRole('heading', { name: '欢迎回来' })).toBeVisible();
  await expect(page.locator('#login-paint input[name="username"]')).toHaveValue('li.wei');
  await expect(page.locator('#login-paint').getByRole('button', { name: '中文' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await shot(page, 'login-paint-zh');
  scripts.release();
  await expect(appForm(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: '欢迎回来' })).toBeVisible();
  await expect(page.getByLabel('用户名')).toHaveValue('li.wei');
});

test('an app that fails to start on the login page is not hidden under its paint', async ({ page }) => {
  // The handoff breaks: reading the paint's fields throws (the login page's first commit fails).
  await page.addInitScript(() => {
    const value = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
    Object.defineProperty(HTMLInputElement.prototype, 'value', {
      ...value,
      get(this: HTMLInputElement) {
        if (this.closest('#login-paint')) throw new Error('the paint cannot be read');
        return value?.get?.call(this);
      },
    });
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Quayside could not open this screen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(page.locator('#login-paint')).toHaveCount(0);
});
