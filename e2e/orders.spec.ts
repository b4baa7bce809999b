import { expect, request, test } from '@playwright/test';
import { ADMIN, api, apiLogin, shot, signIn } from './support';

test.use({ viewport: { width: 1366, height: 900 } });

test('win a quotation, make the order in one click, record a payment, see the balance', async ({
  page,
  context,
}) => {
  const token = await apiLogin(ADMIN);
  const ctx = await request.newContext();
  const run = Date.now().toString(36);
  const name = `Order Buyer ${run}`;
  const customer = await api<{ id: number }>(ctx, 'POST', '/api/customer/create/', {
    token,
    data: { company_name: name, name: 'Olu Buyer', email: `olu.${run}@buyer.test` },
  });
  const quotation = await api<{ id: number; number: string; total: string }>(
    ctx,
    'POST',
    '/api/quotation/create/',
    {
      token,
      data: {
        customer_id: customer.id,
        currency: 'USD',
        trade_term: 'FOB',
        payment_terms: '30% deposit, balance before shipment',
        shipping_cost: '250',
        items: [
          { model: 'KN-8', description: '不锈钢厨房刀具 Kitchen knife', quantity: '3', unit_price: '0.3333' },
          { model: 'CB-1', description: 'Cutting board', quantity: '1000', unit_price: '1.005' },
          { model: 'AP-2', description: 'Apron', quantity: '12.5', unit_price: '7.1' },
        ],
      },
    },
  );
  // 1.00 + 1,005.00 + 88.75 + 250 shipping
  expect(quotation.total).toBe('1344.75');
  await ctx.dispose();
  await signIn(context);

  await page.goto(`/order/updateQuotation/${quotation.id}`);
  await expect(page.getByRole('button', { name: 'Make order' })).toBeEnabled();
  await shot(page, 'quotation-make-order');
  await page.getByRole('button', { name: 'Make order' }).click();
  await expect(page).toHaveURL(/\/order\/detail\/\d+$/);
  const number = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  expect(number).toMatch(/^SO-\d{4}-\d{4}$/);
  await expect(page.getByTestId('order-detail-total')).toHaveText('$1,344.75 USD');
  await expect(page.getByTestId('order-quotation')).toHaveText(`${quotation.number} version 1`);
  await expect(page.getByTestId('order-balance')).toHaveText('$1,344.75');

  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Amount')).toHaveValue('1344.75');
  await dialog.getByLabel('Amount').fill('403.43');
  await dialog.getByLabel('Payment remark').fill('30% deposit T/T');
  await shot(page, 'order-record-payment');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('order-paid')).toHaveText('$403.43');
  await expect(page.getByTestId('order-balance')).toHaveText('$941.32');
  await expect(page.getByRole('cell', { name: '30% deposit T/T' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark done' }).click();
  await expect(page.getByRole('button', { name: 'Back to in progress' })).toBeVisible();
  await expect(page.getByText(/^Done — /)).toBeVisible();
  await shot(page, 'order-detail');

  // The quotation it came from is accepted now, and its button opens the order.
  await page.goto(`/order/updateQuotation/${quotation.id}`);
  await expect(page.locator('.quotation-edit__status')).toHaveText('Accepted');
  await page.getByRole('button', { name: `Order ${number}` }).click();
  await expect(page).toHaveURL(/\/order\/detail\/\d+$/);

  // The list finds it, with the filtered list's totals per currency.
  await page.goto('/order/list');
  await page.getByRole('searchbox', { name: /Search number/ }).fill(number);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: number })).toBeVisible();
  await expect(page.getByTestId('order-totals')).toContainText('1 order');
  await expect(page.getByTestId('order-totals')).toContainText('Balance due $941.32');
  await shot(page, 'order-list');

  // The customer's page lists the order.
  await page.goto(`/customer/detail/${customer.id}`);
  await expect(page.getByTestId('customer-orders').getByRole('link', { name: number })).toBeVisible();
});

test('an order entered from scratch with the line editor', async ({ page, context }) => {
  const token = await apiLogin(ADMIN);
  const ctx = await request.newContext();
  const run = Date.now().toString(36);
  const customer = await api<{ id: number }>(ctx, 'POST', '/api/customer/create/', {
    token,
    data: { company_name: `Direct Buyer ${run}` },
  });
  await ctx.dispose();
  await signIn(context);
  await page.goto(`/order/create?customer_id=${customer.id}`);
  await expect(page.getByText(`Direct Buyer ${run}`)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ant-alert-error').getByText('Add at least one line')).toBeVisible();
  await page.getByRole('button', { name: 'Add a free line' }).click();
  await page.getByLabel('Model 1').fill('EUR-1');
  await page.getByLabel('Description 1').fill('Bulk tea');
  await page.getByLabel('Quantity 1').fill('12.5');
  await page.getByLabel('Unit price 1').fill('7.1');
  await page.getByLabel('Order name').fill('Tea for spring');
  await expect(page.getByTestId('order-total')).toHaveText('$88.75 USD');
  await shot(page, 'order-create');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/order\/detail\/\d+$/);
  await expect(page.getByTestId('order-detail-total')).toHaveText('$88.75 USD');
  await expect(page.getByText('Entered directly (no quotation)')).toBeVisible();
  // An edit is version 2; the versions card says what changed and shows the diff.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(/\/order\/update\/\d+$/);
  await page.getByLabel('Unit price 1').fill('7.3');
  await page.getByLabel('Port of loading').fill('Ningbo');
  await expect(page.getByTestId('order-total')).toHaveText('$91.25 USD');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/order\/detail\/\d+$/);
  const versions = page.getByTestId('order-versions').filter({ visible: true });
  await expect(versions).toContainText('1 price changed');
  await expect(versions).toContainText('Port of loading changed');
  await versions.getByRole('button', { name: 'Changes' }).click();
  const diff = page.getByTestId('order-diff');
  await expect(diff).toContainText('Port of loading');
  await expect(diff.locator('.order-diff__old').filter({ hasText: '7.1' })).toBeVisible();
  await shot(page, 'order-version-diff');
  await page.keyboard.press('Escape');
  // The same page in Chinese.
  await context.addCookies([{ name: 'language', value: 'zh', url: new URL(page.url()).origin }]);
  await page.reload();
  await expect(page.getByText('直接录入（无报价单）')).toBeVisible();
  await shot(page, 'order-detail-zh');
  // Deleted after a confirmation (nothing was made from it); the list opens.
  const orderUrl = page.url();
  await page.getByRole('button', { name: '删除' }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^删\s?除$/ })
    .click();
  await expect(page).toHaveURL(/\/order\/list$/);
  await page.goto(orderUrl);
  await expect(page.getByText('该订单不存在或已被删除')).toBeVisible();
});
