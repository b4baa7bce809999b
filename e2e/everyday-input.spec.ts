import { type BrowserContext, expect, type Page, request, test } from '@playwright/test';
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

test('closing a shell tab whose form has changes asks first: ×, close others, close all', async ({
  page,
  context,
}) => {
  await signIn(context);
  const createTab = page.locator('.tags-view [data-path="/customer/create"]');
  const listTab = page.locator('.tags-view [data-path="/customer/list"]');
  await page.goto('/customer/list');
  await expect(listTab).toBeVisible();
  await page.goto('/customer/create');
  const company = page.getByRole('textbox', { name: 'Company name' });
  await expect(company).toBeVisible();

  // Nothing typed: × closes at once.
  await createTab.getByRole('button').click();
  await expect(createTab).toHaveCount(0);

  await page.goto('/customer/create');
  await company.fill(`Typed ${unique()}`);
  const typed = await company.inputValue();

  // × asks; Keep editing keeps the tab and what was typed.
  await createTab.getByRole('button').click();
  await expect(discard(page)).toBeVisible();
  await shot(page, 'everyday-tab-close-discard');
  await discard(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(createTab).toBeVisible();
  await expect(company).toHaveValue(typed);

  // Close others from another tab, and Close all, ask too (the form's tab is among those closed).
  await listTab.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Close others' }).click();
  await expect(discard(page)).toBeVisible();
  await discard(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(createTab).toBeVisible();
  await createTab.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Close all' }).click();
  await expect(discard(page)).toBeVisible();
  await discard(page).getByRole('button', { name: 'Keep editing' }).click();
  await createTab.click();
  await expect(company).toHaveValue(typed);

  // The form's tab in the background still asks; Discard closes it.
  await listTab.click();
  await createTab.getByRole('button').click();
  await expect(discard(page)).toBeVisible();
  await discard(page).getByRole('button', { name: 'Discard' }).click();
  await expect(createTab).toHaveCount(0);
  await expect(page).toHaveURL(/\/customer\/list/);
});

/** The draft's subject; null when it is gone. */
async function draftSubject(token: string, id: number): Promise<string | null> {
  const ctx = await request.newContext();
  try {
    return await api<{ subject: string }>(ctx, 'GET', `/api/email/draft/?id=${id}`, { token }).then(
      (d) => d.subject,
      () => null,
    );
  } finally {
    await ctx.dispose();
  }
}

const draftExists = async (token: string, id: number) => (await draftSubject(token, id)) !== null;

async function newDraft(token: string): Promise<number> {
  const ctx = await request.newContext();
  try {
    return (await api<{ id: number }>(ctx, 'GET', '/api/email/compose/?mode=new', { token })).id;
  } finally {
    await ctx.dispose();
  }
}

test('a blank draft is not kept when the page reloads or the window closes', async ({ page, context }) => {
  const token = await signIn(context);
  // A mailbox to write from (it need not reach a server: nothing is sent).
  const address = `blank.${unique()}@e2e.test`;
  const ctx = await request.newContext();
  const account = await api<{ id: number }>(ctx, 'POST', '/api/email/update_email_account/', {
    token,
    data: {
      address,
      imap_host: '127.0.0.1',
      imap_port: 1,
      imap_secure: false,
      imap_user: 'blank',
      imap_password: 'unused',
      smtp_host: '127.0.0.1',
      smtp_port: 1,
      smtp_secure: false,
      smtp_user: 'blank',
      smtp_password: 'unused',
      enabled: true,
    },
  });
  try {
    await blankDraftJourney(page, context, token);
  } finally {
    await api(ctx, 'POST', '/api/email/update_email_account/', {
      token,
      data: { id: account.id, address, imap_host: '127.0.0.1', imap_user: 'blank', enabled: false },
    }).catch(() => undefined);
    await ctx.dispose();
  }
});

async function blankDraftJourney(page: Page, context: BrowserContext, token: string) {
  const shownEditor = page.locator('.compose-editor__content:visible');

  // A reload: the blank draft goes, and a new blank one opens in its place.
  const first = await newDraft(token);
  await page.goto(`/email/emailCreate/${first}`);
  await expect(shownEditor).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/email\/emailCreate\/\d+$/);
  await expect(page).not.toHaveURL(new RegExp(`/email/emailCreate/${first}$`));
  await expect(shownEditor).toBeVisible();
  await expect(page.getByText('This draft is not here any more')).toHaveCount(0);
  await expect.poll(() => draftExists(token, first)).toBe(false);
  const second = Number(page.url().split('/').at(-1));
  await expect(page.locator(`.tags-view [data-path="/email/emailCreate/${first}"]`)).toHaveCount(0);

  // A draft with something typed stays through a reload.
  await page.locator('#compose-subject').fill('Kept through a reload');
  await page.locator('#compose-subject').blur();
  await expect.poll(() => draftSubject(token, second)).toBe('Kept through a reload');
  await page.reload();
  await expect(page.locator('#compose-subject')).toHaveValue('Kept through a reload');
  expect(await draftExists(token, second)).toBe(true);

  // A closed window.
  const other = await context.newPage();
  const third = await newDraft(token);
  await other.goto(`/email/emailCreate/${third}`);
  await expect(other.locator('.compose-editor__content:visible')).toBeVisible();
  await other.close({ runBeforeUnload: true });
  await expect.poll(() => draftExists(token, third)).toBe(false);
}
