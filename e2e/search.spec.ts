import { expect, request, test } from '@playwright/test';
import { type MailServer, message, PASSWORD, startMailServer } from './dovecot';
import { ADMIN, api, apiLogin, EDITOR, SECOND_ADMIN, shot, signIn } from './support';

test.use({ viewport: { width: 1366, height: 900 } });

let mail: MailServer | undefined;
test.afterAll(async () => {
  await mail?.stop();
});

test('Ctrl+K finds an order by its number and opens it in a tab; an editor finds only customers', async ({
  page,
  context,
  browser,
}) => {
  const token = await apiLogin(ADMIN);
  const ctx = await request.newContext();
  const run = Date.now().toString(36);
  const name = `Palette Buyer ${run}`;
  const customer = await api<{ id: number }>(ctx, 'POST', '/api/customer/create/', {
    token,
    data: { company_name: name },
  });
  const items = [{ model: 'PB-1', description: 'Palette board', quantity: '1', unit_price: '5' }];
  await api(ctx, 'POST', '/api/quotation/create/', { token, data: { customer_id: customer.id, items } });
  const order = await api<{ id: number; number: string }>(ctx, 'POST', '/api/order/create/', {
    token,
    data: { customer_id: customer.id, currency: 'USD', items },
  });
  await ctx.dispose();

  await signIn(context);
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-cards')).toBeVisible();
  await page.keyboard.press('Control+k');
  const box = page.getByRole('textbox', { name: 'Search everywhere' });
  await expect(box).toBeFocused();
  await box.fill(name);
  const results = page.getByRole('listbox', { name: 'Search everywhere' });
  await expect(results.getByRole('option')).toHaveCount(3);
  await expect(results).toContainText('Customers');
  await expect(results).toContainText('Quotations');
  await expect(results).toContainText('Orders');
  await shot(page, 'search-palette');

  await box.fill(order.number);
  await expect(results.getByRole('option').first()).toContainText(order.number);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/order/detail/${order.id}$`));
  await expect(page.getByRole('tablist')).toContainText(order.number);

  const editorContext = await browser.newContext();
  const editorPage = await editorContext.newPage();
  await signIn(editorContext, EDITOR);
  await editorPage.goto('/dashboard');
  await editorPage.getByRole('button', { name: 'Search everywhere' }).click();
  const editorBox = editorPage.getByRole('textbox', { name: 'Search everywhere' });
  await editorBox.fill(name);
  const editorResults = editorPage.getByRole('listbox', { name: 'Search everywhere' });
  await expect(editorResults.getByRole('option')).toHaveCount(1);
  await expect(editorResults).toContainText('Customers');
  await expect(editorResults).not.toContainText('Orders');
  await editorBox.press('ArrowDown');
  await editorBox.press('Enter');
  await expect(editorPage).toHaveURL(new RegExp(`/customer/detail/${customer.id}$`));
  await editorContext.close();
});

test('Ctrl+K finds an inquiry by its sender, under Inquiries, and opens its email in a tab', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  mail = await startMailServer();
  const run = Date.now().toString(36);
  const mailbox = `palette.${run}@example.test`;
  const subject = `RFQ bamboo boards ${run}`;
  await mail.deliver(
    mailbox,
    message({
      from: `Greta Lund <greta@lund-${run}.test>`,
      to: mailbox,
      subject,
      text: 'Please quote your best price FOB Ningbo for 800 bamboo boards, with MOQ and lead time.',
    }),
  );
  const token = await apiLogin(ADMIN);
  const ctx = await request.newContext();
  await api(ctx, 'POST', '/api/email/update_email_account/', {
    token,
    data: {
      address: mailbox,
      name: 'Palette desk',
      imap_host: mail.host,
      imap_port: mail.port,
      imap_secure: false,
      imap_user: mailbox,
      imap_password: PASSWORD,
    },
  });
  // The sync recognises the request for a price as an inquiry.
  let inquiryId = 0;
  await expect
    .poll(
      async () => {
        const list = await api<{ items: { email_id: number }[] }>(
          ctx,
          'GET',
          `/api/inquiry/list/?q=${encodeURIComponent(run)}`,
          { token },
        );
        inquiryId = list.items[0]?.email_id ?? 0;
        return list.items.length;
      },
      { timeout: 60_000 },
    )
    .toBe(1);
  await ctx.dispose();

  // The second admin: no remembered list search of the first one's in the way.
  await signIn(context, SECOND_ADMIN);
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-cards')).toBeVisible();
  await page.keyboard.press('Control+k');
  const box = page.getByRole('textbox', { name: 'Search everywhere' });
  await expect(box).toBeFocused();
  await box.fill(`greta@lund-${run}`);
  const results = page.getByRole('listbox', { name: 'Search everywhere' });
  // Found once, as an inquiry (not again under Emails), with its sender under the subject.
  await expect(results.getByRole('option')).toHaveCount(1);
  await expect(results).toContainText('Inquiries');
  await expect(results).not.toContainText('Emails');
  await expect(results.getByRole('option')).toContainText(subject);
  await expect(results.getByRole('option')).toContainText('Greta Lund');
  await shot(page, 'search-palette-inquiry');
  await box.press('ArrowDown'); // wraps round to the only hit
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/email/emailDetail/${inquiryId}$`));
  await expect(page.getByRole('tablist')).toContainText(subject);
});
