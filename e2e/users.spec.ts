import { expect, test } from '@playwright/test';
import { ADMIN, api, apiLogin, holdRequests, shot, signIn } from './support';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('the admin creates, edits and disables a user; the search form is kept', async ({ page, context }) => {
  await signIn(context);
  await page.goto('/user/list');
  const id = unique();
  const username = `e2e.u${id}`;

  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Name', { exact: true }).fill(`Nora ${id}`);
  await dialog.getByLabel('Password', { exact: true }).fill('short');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('At least 8 characters').last()).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`User Nora ${id} created`)).toBeVisible();

  // Search for them (the list kit: the search lands in the URL); it survives a reload.
  await page.getByPlaceholder('Username or name').fill(id);
  await page.getByPlaceholder('Username or name').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/user/list\\?q=${id}`));
  const row = page.getByRole('row').filter({ hasText: `@${username}` });
  await expect(row).toBeVisible();
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(page.locator('.list-toolbar__summary')).toContainText('1 user');
  await page.reload();
  await expect(page.getByPlaceholder('Username or name')).toHaveValue(id);
  await expect(row).toBeVisible();
  await shot(page, 'users');

  // A plain URL brings the last search back, as on the customer list (it is kept once it has
  // stayed for 800 ms).
  await page.waitForTimeout(1500);
  await page.goto('/user/list');
  await expect(page).toHaveURL(new RegExp(`/user/list\\?q=${id}`));
  await expect(row).toBeVisible();

  // The same username again is refused next to the field.
  await page.getByRole('button', { name: 'New user' }).click();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Name', { exact: true }).fill('Someone else');
  await dialog.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(`The username "${username}" is already taken`)).toBeVisible();
  // What was typed is not thrown away without asking.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();

  // Edit: name and roles.
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Edit Nora ${id}` });
  await edit.getByLabel('Name', { exact: true }).fill(`Nora Admin ${id}`);
  await edit.getByLabel('Administrator').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`User Nora Admin ${id} saved`)).toBeVisible();
  await expect(row.getByText('Administrator')).toBeVisible();

  // Disable.
  await row.getByRole('button', { name: 'Disable' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText(`Nora Admin ${id} is disabled`)).toBeVisible();
  await expect(row.getByText('Disabled')).toBeVisible();

  // The status filter: a disabled user is not among the enabled ones.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Active', { exact: true }).click();
  await expect(page).toHaveURL(/disabled=false/);
  await expect(row).toHaveCount(0);

  // Clean up the remembered search for other tests.
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page.getByPlaceholder('Username or name')).toHaveValue('');
  await expect(page).toHaveURL(/\/user\/list$/);
});

test('the admin resets a password; the user must then change it', async ({ page, context, request }) => {
  const admin = await apiLogin(ADMIN);
  const id = unique();
  const username = `e2e.r${id}`;
  await api(request, 'POST', '/api/user/create/', {
    token: admin,
    data: { username, password: 'first-pass-1', name: `Rita ${id}`, roles: ['admin'] },
  });

  await signIn(context);
  await page.goto('/user/list');
  await page.getByPlaceholder('Username or name').fill(id);
  await page.getByPlaceholder('Username or name').press('Enter');
  await page
    .getByRole('row')
    .filter({ hasText: `@${username}` })
    .getByRole('button', { name: 'Reset password' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Reset the password of Rita ${id}` });
  await dialog.getByLabel('New password', { exact: true }).fill('second-pass-2');
  await dialog.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(`The password of Rita ${id} was reset`)).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL(/\/user\/list$/);

  const token = await apiLogin({ username, password: 'second-pass-2' });
  const info = await api<{ must_change_password: boolean }>(request, 'GET', '/api/user_info/', { token });
  expect(info.must_change_password).toBe(true);
});

test('a search typed before the remembered one arrives is kept', async ({ page, context, request }) => {
  const admin = await apiLogin(ADMIN);
  const id = unique();
  const me = { username: `e2e.s${id}`, password: 'search-pass-1' };
  await api(request, 'POST', '/api/user/create/', {
    token: admin,
    data: { ...me, name: `Sam ${id}`, roles: ['admin'] },
  });
  const token = await signIn(context, me);
  // Left last time on a search for no one.
  await api(request, 'POST', '/api/preference/set/', {
    token,
    data: { key: 'user.list.search', value: { search: 'q=nobody-at-all' } },
  });
  const rememberedSearch = /\/api\/preference\/get\/\?key=user\.list\.search/;
  const { release } = await holdRequests(page, rememberedSearch);

  await page.goto('/user/list');
  await page.getByPlaceholder('Username or name').fill(id);
  await page.getByPlaceholder('Username or name').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/user/list\\?q=${id}`));
  const remembered = page.waitForResponse(rememberedSearch);
  release();
  await remembered;
  await expect(page.getByRole('row').filter({ hasText: `@${me.username}` })).toBeVisible();
  await expect(page.getByPlaceholder('Username or name')).toHaveValue(id);
  await expect(page).toHaveURL(new RegExp(`/user/list\\?q=${id}`));
});

test('profile: name, introduction and own password', async ({ browser, request }) => {
  const admin = await apiLogin(ADMIN);
  const id = unique();
  const who = { username: `e2e.p${id}`, password: 'profile-pass-1' };
  await api(request, 'POST', '/api/user/create/', {
    token: admin,
    data: { ...who, name: `Pat ${id}`, roles: ['admin'] },
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(context, who);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile\/index$/);
  await expect(page).toHaveTitle('Profile - Quayside');

  await page.getByLabel('Name', { exact: true }).fill(`Pat Renamed ${id}`);
  await page.getByLabel('Introduction').fill('Sells valves to Brazil.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(page.locator('.navbar__user-name')).toHaveText(`Pat Renamed ${id}`);
  await expect(page.locator('.profile__intro')).toHaveText('Sells valves to Brazil.');

  // Avatar upload: the picture shows in the card and the top bar.
  await page
    .locator('.profile__avatar input[type=file]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Avatar updated')).toBeVisible();
  const avatar = page.locator('.navbar__user img');
  await expect(avatar).toHaveAttribute('src', /\/api\/file\/download\/\?id=\d+&inline=1/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(page, 'profile');

  await page.getByRole('tab', { name: 'Password' }).click();
  await page.getByLabel('Current password').fill('wrong-old-pass');
  await page.getByLabel('New password', { exact: true }).fill('profile-pass-2');
  await page.getByLabel('Repeat the new password').fill('profile-pass-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is wrong')).toBeVisible();

  await page.getByLabel('Current password').fill(who.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await apiLogin({ username: who.username, password: 'profile-pass-2' });
  await context.close();
});
