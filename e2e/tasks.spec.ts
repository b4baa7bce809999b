import { expect, type Page, request, test } from '@playwright/test';
import PostalMime from 'postal-mime';
import { startSmtp, type TestSmtp } from '../apps/server/test/mail/smtp';
import { ADMIN, api, apiLogin, openFromSidebar, shot, signIn } from './support';

/**
 * Tasks end to end: a campaign written in the browser to a few pasted addresses (one malformed, left
 * out), previewed with its merge fields, started at interval 0 through a real SMTP server that
 * refuses one address; progress reaches done live, the recipients show their statuses, and the
 * refused one is retried from its row.
 */

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const SENDER = `campaign.${run}@example.test`;
const [ANN, BOB, CY] = ['ann', 'bob', 'cy'].map((n) => `${n}.${run}@buyers.test`) as [string, string, string];
const BUYERS = [ANN, BOB, CY];
const NAME = `Spring fair ${run}`;

let smtp: TestSmtp;

/** The page shown (open tabs keep their pages mounted). */
const shown = (page: Page) => page.locator('.page:visible').last();

test.describe('tasks', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  test.beforeAll(async () => {
    smtp = await startSmtp();
    const token = await apiLogin(ADMIN);
    const ctx = await request.newContext();
    try {
      await api(ctx, 'POST', '/api/email/update_email_account/', {
        token,
        data: {
          address: SENDER,
          name: 'Quayside Sales',
          imap_host: '127.0.0.1',
          imap_port: 1,
          imap_secure: false,
          imap_user: SENDER,
          imap_password: 'unused',
          smtp_host: '127.0.0.1',
          smtp_port: smtp.port,
          smtp_secure: false,
        },
      });
      await api(ctx, 'POST', '/api/customer/create/', {
        token,
        data: { company_name: `Ann Imports ${run}`, name: 'Ann', email: ANN },
      });
    } finally {
      await ctx.dispose();
    }
  });

  test.afterAll(async () => {
    await smtp?.close();
  });

  test('write, preview, start; progress reaches done live; a refused address is retried', async ({
    page,
    context,
  }) => {
    await signIn(context);
    await page.goto('/task/create');
    const form = shown(page);
    await form.getByLabel('Name', { exact: true }).fill(NAME);
    await form.getByLabel('Sending account').click();
    await page.locator('.ant-select-item-option').filter({ hasText: SENDER }).click();
    await form.getByLabel('Pasted addresses').fill([...BUYERS, 'not-an-address', BOB].join('\n'));
    await form.getByRole('button', { name: 'Count recipients' }).click();
    await expect(form.getByRole('status')).toContainText('3 recipients will get it; 2 left out');
    await form.getByLabel('Subject').fill('Meet us at the fair, {{name|friend}}');
    const body = form.getByRole('textbox', { name: 'Message body' });
    await body.click();
    await body.pressSequentially('Dear {{name|Sir or Madam}}, see our new catalogue.');
    await form.getByRole('spinbutton', { name: 'Interval' }).fill('0');
    await form.getByLabel('Preview for an address').fill(ANN);
    await form.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('dialog');
    await expect(preview).toContainText('Meet us at the fair, Ann');
    await expect(preview.frameLocator('iframe').locator('body')).toContainText('Dear Ann,');
    await shot(page, 'task-create-preview');
    await preview.getByRole('button', { name: 'Close' }).click();
    await shot(page, 'task-create');

    // The SMTP server refuses the first message it gets.
    smtp.replies.push({ code: 550, text: '5.1.1 Mailbox does not exist' });
    await form.getByRole('button', { name: 'Save and start' }).click();
    await expect(page).toHaveURL(/\/task\/detail\/\d+$/);
    const detail = shown(page);
    await expect(detail.getByText('Done', { exact: true }).first()).toBeVisible();
    await expect(detail.locator('.task-progress__figures')).toContainText('2 / 3 sent');
    await expect(detail.locator('.task-progress__figures')).toContainText('1 failed');
    const rows = detail.locator('.task-recipients tbody tr.ant-table-row');
    await expect(rows).toHaveCount(4);
    await expect(rows.filter({ hasText: 'not-an-address' })).toContainText('Not an email address');
    const failed = rows.filter({ hasText: 'Failed' });
    await expect(failed).toContainText('Mailbox does not exist');
    // A pasted address of a customer shows the customer's name.
    await expect(rows.filter({ hasText: ANN })).toContainText('Ann');
    await shot(page, 'task-detail-failed');

    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(detail.locator('.task-progress__figures')).toHaveText('3 / 3 sent');
    await expect(rows.filter({ hasText: 'Sent' })).toHaveCount(3);
    for (const address of BUYERS) expect(smtp.received.filter((m) => m.to.includes(address))).toHaveLength(1);
    const mail = await PostalMime.parse(smtp.received.find((m) => m.to.includes(ANN))!.raw);
    expect(mail.subject).toBe('Meet us at the fair, Ann');
    expect(mail.html).toContain('unsubscribe');

    await detail.locator('.ant-segmented-item', { hasText: 'Skipped' }).click();
    await expect(rows).toHaveCount(1);
    await shot(page, 'task-detail');

    await page.goto('/task/list');
    const list = shown(page);
    const row = list.locator('tr', { hasText: NAME });
    await expect(row).toContainText('Done');
    await expect(row).toContainText('3 / 3 sent');
    await shot(page, 'task-list');
  });
});

/** A promise opened from outside. */
function gate() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * A campaign to customers chosen by the customer list's filter (grade, the user's own): counted
 * before saving, previewed for one of them, started; the list's progress moves live (no reload) as
 * the SMTP server lets the messages through, and the address it refuses is failed on the detail,
 * with the server's reason, and retried.
 */
test.describe('tasks from a customer filter', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  /** A user of its own: owner "My customers" then means exactly the customers made here. */
  const OWNER = { username: `tasks.${tag}`, password: 'tasks-pass-1', name: 'Tia Tasks' };
  const FROM = `fair.${tag}@example.test`;
  const GOOD = Array.from({ length: 21 }, (_, i) => `buyer${i + 1}.${tag}@buyers.test`);
  /** Created last, so that it is the last recipient (the second batch of the sender). */
  const GHOST = `ghost.${tag}@buyers.test`;
  const TITLE = `Autumn fair ${tag}`;
  const INTENTIONAL = 2;
  const POTENTIAL = 1;

  let mail: TestSmtp;
  /** Messages are held until their gate opens: the first batch (20), then the rest. */
  const gates = [gate(), gate()];
  let seen = 0;
  let refused = false;

  test.beforeAll(async () => {
    mail = await startSmtp(async (m) => {
      seen += 1;
      await gates[seen <= 20 ? 0 : 1]!.promise;
      // The mailbox does not exist the first time; by the retry it was made.
      if (m.to.includes(GHOST) && !refused) {
        refused = true;
        throw Object.assign(new Error('5.1.1 <ghost>: Recipient address rejected: User unknown'), {
          responseCode: 550,
        });
      }
    });
    const admin = await apiLogin(ADMIN);
    const ctx = await request.newContext();
    try {
      await api(ctx, 'POST', '/api/user/create/', {
        token: admin,
        data: { ...OWNER, roles: ['admin'] },
      });
      await api(ctx, 'POST', '/api/email/update_email_account/', {
        token: admin,
        data: {
          address: FROM,
          name: 'Harbour Fair',
          imap_host: '127.0.0.1',
          imap_port: 1,
          imap_secure: false,
          imap_user: FROM,
          imap_password: 'unused',
          smtp_host: '127.0.0.1',
          smtp_port: mail.port,
          smtp_secure: false,
        },
      });
      const token = await apiLogin(OWNER);
      const customer = (email: string, n: number, grade: number) =>
        api(ctx, 'POST', '/api/customer/create/', {
          token,
          data: { company_name: `Buyer ${n} Trading ${tag}`, name: `Buyer ${n}`, email, grade },
        });
      for (const [i, email] of GOOD.entries()) await customer(email, i + 1, INTENTIONAL);
      await customer(GHOST, 99, INTENTIONAL);
      // Of another grade: the filter leaves it out.
      await customer(`other.${tag}@buyers.test`, 100, POTENTIAL);
    } finally {
      await ctx.dispose();
    }
  });

  test.afterAll(async () => {
    for (const g of gates) g.resolve();
    await mail?.close();
  });

  test('count, preview, start; the list moves live; the refused one is failed and retried', async ({
    page,
    context,
  }) => {
    await signIn(context, OWNER);
    await page.goto('/task/create');
    const form = shown(page);
    await form.getByLabel('Name', { exact: true }).fill(TITLE);
    await form.getByLabel('Sending account').click();
    await page.locator('.ant-select-item-option').filter({ hasText: FROM }).click();
    await form.getByText("Customers chosen by the customer list's filters").click();
    await form.getByRole('combobox', { name: 'Grade' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Intentional' }).click();
    await page.keyboard.press('Escape');
    await form.getByRole('combobox', { name: 'Owner' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'My customers' }).click();
    await form.getByRole('button', { name: 'Count recipients' }).click();
    await expect(form.getByRole('status')).toContainText('22 recipients will get it; 0 left out');

    await form.getByLabel('Subject').fill('{{company_name}}: see us at the fair');
    const body = form.getByRole('textbox', { name: 'Message body' });
    await body.click();
    await body.pressSequentially('Dear {{name|Sir or Madam}}, our stand is B12.');
    await form.getByRole('spinbutton', { name: 'Interval' }).fill('0');
    await form.getByLabel('Preview for an address').fill(GOOD[2]!);
    await form.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('dialog');
    await expect(preview).toContainText(`Buyer 3 Trading ${tag}: see us at the fair`);
    await expect(preview.frameLocator('iframe').locator('body')).toContainText(
      'Dear Buyer 3, our stand is B12.',
    );
    await shot(page, 'task-filter-preview');
    await preview.getByRole('button', { name: 'Close' }).click();

    await form.getByRole('button', { name: 'Save and start' }).click();
    await expect(page).toHaveURL(/\/task\/detail\/\d+$/);
    const id = Number(page.url().split('/').pop());

    // The list, opened in the app (no page load from here on): held by the SMTP server, nothing yet.
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await openFromSidebar(page, 'Tasks');
    const list = shown(page);
    const row = list.locator('tr', { hasText: TITLE });
    const figures = row.locator('.task-progress__figures');
    await expect(row).toContainText('Running');
    await expect(figures).toHaveText('0 / 22 sent');
    await shot(page, 'task-list-running');

    gates[0]!.resolve();
    await expect(figures).toHaveText('20 / 22 sent');
    await expect(row).toContainText('Running');
    await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '90');
    await shot(page, 'task-list-progress');

    gates[1]!.resolve();
    await expect(figures).toHaveText('21 / 22 sent · 1 failed');
    await expect(row).toContainText('Done');
    await shot(page, 'task-list-done');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // The detail: the refused address is failed with the server's words, and retried from its row.
    await row.getByRole('link', { name: TITLE }).click();
    await expect(page).toHaveURL(new RegExp(`/task/detail/${id}$`));
    const detail = shown(page);
    await detail.locator('.ant-segmented-item', { hasText: 'Failed' }).click();
    const rows = detail.locator('.task-recipients tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(GHOST);
    await expect(rows).toContainText('Buyer 99');
    await expect(rows).toContainText('Recipient address rejected: User unknown');
    await shot(page, 'task-filter-failed');
    await rows.getByRole('button', { name: 'Retry' }).click();
    await expect(detail.locator('.task-progress__figures')).toHaveText('22 / 22 sent');
    await expect(rows).toHaveCount(0);
    await detail.locator('.ant-segmented-item', { hasText: 'All' }).click();
    await expect(rows).toHaveCount(20); // one page of 22
    await shot(page, 'task-filter-detail');

    for (const address of [...GOOD, GHOST])
      expect(
        mail.received.filter((m) => m.to.includes(address)),
        address,
      ).toHaveLength(1);
    const sent = await PostalMime.parse(mail.received.find((m) => m.to.includes(GOOD[2]!))!.raw);
    expect(sent.subject).toBe(`Buyer 3 Trading ${tag}: see us at the fair`);
  });
});
