import { expect, type Page, request, test } from '@playwright/test';
import PostalMime from 'postal-mime';
import { startSmtp, type TestSmtp } from '../apps/server/test/mail/smtp';
import { ADMIN, api, apiLogin, shot, signIn } from './support';

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
