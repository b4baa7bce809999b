import { expect, request, test } from '@playwright/test';
import { startSmtp, type TestSmtp } from '../apps/server/test/mail/smtp';
import { type MailServer, PASSWORD, startMailServer } from './dovecot';
import { ADMIN, api, apiLogin, shot, signIn } from './support';

test.use({ viewport: { width: 1366, height: 900 } });
test.describe.configure({ timeout: 120_000 });

let mail: MailServer;
let smtp: TestSmtp;
test.beforeAll(async () => {
  // "Send to customer" writes a draft from the user's mail account; nothing is delivered here.
  mail = await startMailServer();
  smtp = await startSmtp(async () => {});
});
test.afterAll(async () => {
  await smtp?.close();
  await mail?.stop();
});

test('a quotation with three lines, a revised price and a new line, its history diff and its PDF', async ({
  page,
  context,
}) => {
  const token = await apiLogin(ADMIN);
  const ctx = await request.newContext();
  const name = `Quote Buyer ${Date.now().toString(36)}`;
  const customer = await api<{ id: number }>(ctx, 'POST', '/api/customer/create/', {
    token,
    data: { company_name: name, name: 'Ann Buyer', email: `ann.${Date.now()}@buyer.test` },
  });
  const mailbox = `quotes.${Date.now().toString(36)}@example.test`;
  await api(ctx, 'POST', '/api/email/update_email_account/', {
    token,
    data: {
      address: mailbox,
      name: 'Quote Sender',
      imap_host: mail.host,
      imap_port: mail.port,
      imap_secure: false,
      imap_user: mailbox,
      imap_password: PASSWORD,
      smtp_host: '127.0.0.1',
      smtp_port: smtp.port,
      smtp_secure: false,
    },
  });
  await ctx.dispose();
  await signIn(context);

  await page.goto(`/order/createQuotation?customer_id=${customer.id}`);
  await expect(page.getByText(name)).toBeVisible();
  const lines: [string, string, string, string][] = [
    ['KN-8', '不锈钢厨房刀具 Kitchen knife', '3', '0.3333'],
    ['CB-1', 'Cutting board', '1000', '1.005'],
    ['AP-2', 'Apron', '12.5', '7.1'],
  ];
  for (const [i, [model, description, quantity, price]] of lines.entries()) {
    await page.getByRole('button', { name: 'Add a free line' }).click();
    await page.getByLabel(`Model ${i + 1}`).fill(model);
    await page.getByLabel(`Description ${i + 1}`).fill(description);
    await page.getByLabel(`Quantity ${i + 1}`).fill(quantity);
    await page.getByLabel(`Unit price ${i + 1}`).fill(price);
  }
  // The same figures the server computes: 1.00 + 1,005.00 + 88.75
  await expect(page.getByTestId('quotation-total')).toHaveText('$1,094.75 USD');
  await shot(page, 'quotation-create-en');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/order\/updateQuotation\/\d+$/);
  await expect(page.getByText(/· version 1$/)).toBeVisible();
  const id = page.url().split('/').pop();
  await expect(page.getByLabel('Unit price 2')).toHaveCount(1);

  await page.getByLabel('Unit price 2').fill('0.98');
  await page.getByRole('button', { name: 'Add a free line' }).click();
  await page.getByLabel('Description 4').fill('Gift box');
  await page.getByLabel('Unit price 4').fill('3');
  await expect(page.getByTestId('quotation-total')).toHaveText('$1,072.75 USD');
  await page.keyboard.press('Control+s');
  await expect(page.getByText(/· version 2$/)).toBeVisible();

  await page.goto(`/order/quotation/history/${id}`);
  await page.getByLabel('Version 1', { exact: true }).check();
  await page.getByLabel('Version 2', { exact: true }).check();
  const diff = page.getByTestId('quotation-diff');
  await expect(diff).toContainText('1 price changed, 1 line added, total 1,094.75 → 1,072.75 USD');
  await expect(diff).toContainText('Gift box');
  await shot(page, 'quotation-history-en');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download' }).first().click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^QT-\d{4}-\d{4}-v2\.pdf$/);

  // Send to customer: the draft, with version 2's PDF attached, opens in the compose page.
  await page.goto(`/order/updateQuotation/${id}`);
  await expect(page.locator('.quotation-edit__status')).toHaveText('Draft');
  await shot(page, 'quotation-edit-en');
  await page.getByRole('button', { name: 'Send to customer' }).click();
  await expect(page).toHaveURL(/\/email\/emailCreate\/\d+$/);
  await expect(page.getByText(file.suggestedFilename())).toBeVisible();
  await shot(page, 'quotation-send-compose-en');
});
