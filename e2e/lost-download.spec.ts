import { expect, test } from '@playwright/test';
import { shot, sidebar, signIn } from './support';

/**
 * A phone on a train: a screen's code does not come. The app says so where the screen would be,
 * and trying again downloads it again (a failed download is not remembered as the page).
 */

test('a page whose code does not come says so in the shell, and Try again brings it', async ({
  page,
  context,
}) => {
  await signIn(context);
  await page.goto('/dashboard');
  await expect(sidebar(page)).toBeVisible();
  const customerList = /\/assets\/CustomerListPage-[\w-]+\.js$/;
  await page.route(customerList, (route) => route.abort('internetdisconnected'));
  await sidebar(page).getByRole('menuitem', { name: 'Customers' }).click();
  await expect(page.getByText('This page did not download')).toBeVisible();
  await expect(sidebar(page)).toBeVisible();
  await shot(page, 'lost-download-page');

  await page.unroute(customerList);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  await expect(page.getByText('This page did not download')).toHaveCount(0);
});

test('a shell whose code does not come says so on a page of its own, and Reload brings it', async ({
  page,
  context,
}) => {
  await signIn(context);
  const shell = /\/assets\/Layout-[\w-]+\.js$/;
  await page.route(shell, (route) => route.abort('internetdisconnected'));
  await page.goto('/customer/list');
  await expect(page.getByRole('heading', { name: 'Quayside could not open this screen' })).toBeVisible();
  await shot(page, 'lost-download-screen');

  await page.unroute(shell);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
});
