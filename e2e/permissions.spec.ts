import { expect, test } from '@playwright/test';
import { EDITOR, shot, sidebar, signIn, tab } from './support';

test('the editor sees only what she may open, and lands on /401 for an admin-only address', async ({
  page,
  context,
}) => {
  await signIn(context, EDITOR);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: new RegExp(EDITOR.name) })).toBeVisible();

  // Email is an editor's parent, but its pages are for admins only (spec §2): no entry for it.
  const links = sidebar(page).getByRole('link');
  await expect(links.first()).toHaveText('Dashboard');
  await expect(links.filter({ hasText: 'Customers' })).toBeVisible();
  await expect(sidebar(page).getByText('Email')).toHaveCount(0);
  await expect(sidebar(page).getByText('Users')).toHaveCount(0);
  await expect(sidebar(page).getByText('Website')).toHaveCount(0);

  await page.goto('/email/inbox');
  await expect(page).toHaveURL(/\/401\?noGoBack=true$/);
  await expect(page.getByRole('heading', { name: '401' })).toBeVisible();
  await expect(page.getByText("You don't have permission to open this page")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go back' })).toHaveCount(0);
  await expect(page).toHaveTitle('No access - Quayside');
  await shot(page, '401');

  await page.getByRole('button', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Typing the address of an admin page does not help either.
  await page.goto('/user/list');
  await expect(page).toHaveURL(/\/401\?noGoBack=true$/);
});

test('the editor opens the pages without a role under a permitted parent', async ({ page, context }) => {
  await signIn(context, EDITOR);
  await page.goto('/task/create');
  await expect(tab(page, 'New task')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/task\/create$/);
});

test('the admin sees every built module in the menu', async ({ page, context }) => {
  await signIn(context);
  await page.goto('/dashboard');
  for (const name of ['Customers', 'Users']) {
    await expect(sidebar(page).getByRole('link', { name })).toBeVisible();
  }
  await sidebar(page).getByRole('menuitem', { name: 'Email' }).click();
  await sidebar(page).getByRole('link', { name: 'Inbox' }).click();
  // The admin's remembered inbox search (kept per user; another test may have searched) may follow.
  await expect(page).toHaveURL(/\/email\/inbox(\?q=[^&]*)?$/);
  await expect(tab(page, 'Inbox')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.navbar__breadcrumb')).toHaveText(/Dashboard\s*\/\s*Email\s*\/\s*Inbox/);
});

test('an unknown path shows the 404 page', async ({ page, context }) => {
  await signIn(context);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('The page you are looking for does not exist')).toBeVisible();
  await expect(page).toHaveTitle('Page not found - Quayside');
  await shot(page, '404');
  await page.getByRole('button', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the root redirects to the dashboard, and a parent path to its first page', async ({
  page,
  context,
}) => {
  await signIn(context);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/customer');
  await expect(page).toHaveURL(/\/customer\/list$/);
  await expect(page.locator('.navbar__breadcrumb')).toHaveText(/Dashboard\s*\/\s*Customers/);
});
