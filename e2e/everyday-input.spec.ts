import { expect, type Page, request, test } from '@playwright/test';
import { api, shot, signIn } from './support';

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

async function customersNamed(token: string, q: string): Promise<number> {
  const ctx = await request.newContext();
  try {
    return (
      await api<{ total: number }>(ctx, 'GET', `/api/customer/list/?q=${encodeURIComponent(q)}`, { token })
    ).total;
  } finally {
    await ctx.dispose();
  }
}

const discard = (page: Page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });

test('a double click on Create makes one customer', async ({ page, context }) => {
  const token = await signIn(context);
  const company = `Double Click ${unique()}`;
  await page.goto('/customer/create');
  await page.getByLabel('Company name').fill(company);
  // The server answers slowly: the second click comes while the first request runs.
  await page.route('**/api/customer/create/', async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Create' }).dblclick();
  await expect(page).toHaveURL(/\/customer\/detail\/\d+$/);
  expect(await customersNamed(token, company)).toBe(1);
});

test('an edit drawer with changes asks before Esc, Cancel or Back close it; Back closes it', async ({
  page,
  context,
}) => {
  const token = await signIn(context);
  const company = `Unsaved ${unique()}`;
  const id = await createCustomer(token, company);
  await page.goto('/dashboard');
  await page.goto(`/customer/detail/${id}`);
  await expect(page.getByRole('heading', { name: company })).toBeVisible();

  // Without changes, Back closes the drawer and stays on the page.
  await page.keyboard.press('e');
  const edit = page.getByRole('dialog', { name: `Edit ${company}` });
  await expect(edit).toBeVisible();
  await page.goBack();
  await expect(edit).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/customer/detail/${id}$`));

  // With changes: Esc asks; keep editing keeps what was typed.
  await page.keyboard.press('e');
  await edit.getByLabel('Remark').fill('typed, not saved');
  await page.keyboard.press('Escape');
  await expect(discard(page)).toBeVisible();
  await shot(page, 'everyday-discard');
  await discard(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(edit.getByLabel('Remark')).toHaveValue('typed, not saved');

  // Cancel asks too.
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await discard(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(edit).toBeVisible();

  // A reload asks the browser's own question.
  let asked = false;
  page.once('dialog', (dialog) => {
    asked = dialog.type() === 'beforeunload';
    void dialog.dismiss();
  });
  // Dismissed, the reload does not happen: the call gives up waiting for a load.
  await page.reload({ timeout: 3000 }).catch(() => undefined);
  await expect.poll(() => asked).toBe(true);
  await expect(edit.getByLabel('Remark')).toHaveValue('typed, not saved');

  // Back asks, and Discard closes the drawer on the same page.
  await page.goBack();
  await expect(discard(page)).toBeVisible();
  await discard(page).getByRole('button', { name: 'Discard' }).click();
  await expect(edit).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/customer/detail/${id}$`));
  await expect(page.getByRole('heading', { name: company })).toBeVisible();
});

test('a failed validation and what was typed never reach the error log or the console', async ({
  page,
  context,
}) => {
  await signIn(context);
  const consoleText: string[] = [];
  page.on('console', (m) => consoleText.push(m.text()));
  await page.goto('/user/list');
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByLabel('Password').fill('sekrit-9');
  // Username missing: the dialog's OK fails validation.
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(/cannot be empty/).first()).toBeVisible();
  await page.evaluate(() => {
    // A benign browser notice.
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }),
    );
  });
  await page.waitForTimeout(300);
  await expect(page.getByRole('button', { name: 'Error log' })).toHaveCount(0);
  expect(consoleText.join('\n')).not.toContain('sekrit-9');
});

test('a search the app supersedes is not reported as a failed request', async ({ page, context }) => {
  await signIn(context);
  await page.goto('/customer/list');
  const box = page.getByRole('textbox', { name: 'Search customers' });
  await expect(box).toBeVisible();
  // The first search answers slowly; the user types on meanwhile.
  let first = true;
  await page.route('**/api/customer/list/**', async (route) => {
    if (first && route.request().url().includes('q=slow')) {
      first = false;
      await new Promise((r) => setTimeout(r, 1500));
    }
    await route.continue().catch(() => {});
  });
  await box.fill('slow');
  await page.waitForTimeout(600);
  await box.fill('slower one');
  await expect(page).toHaveURL(/q=slower/);
  await page.waitForTimeout(2000);
  await expect(page.getByText('The request failed, please retry later')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Error log' })).toHaveCount(0);
});
