import { readFileSync } from 'node:fs';
import { expect, request, test } from '@playwright/test';
import { ADMIN, api, apiLogin, shot, sidebar, signIn } from './support';

test.use({ viewport: { width: 1366, height: 900 } });

test('issue a proforma and a commercial invoice from an order, edit one as a new version, download the PDF', async ({
  page,
  context,
}) => {
  const token = await apiLogin(ADMIN);
  const ctx = await request.newContext();
  const run = Date.now().toString(36);
  const name = `Invoice Buyer ${run}`;
  const customer = await api<{ id: number }>(ctx, 'POST', '/api/customer/create/', {
    token,
    data: { company_name: name, name: 'Ines Buyer', email: `ines.${run}@buyer.test` },
  });
  const order = await api<{ id: number; number: string; total: string }>(ctx, 'POST', '/api/order/create/', {
    token,
    data: {
      customer_id: customer.id,
      currency: 'USD',
      trade_term: 'FOB',
      payment_terms: 'T/T 30% deposit',
      shipping_cost: '250',
      items: [
        { model: 'KN-8', description: '不锈钢厨房刀具 Kitchen knife', quantity: '3', unit_price: '0.3333' },
        { model: 'CB-1', description: 'Cutting board', quantity: '1000', unit_price: '1.005' },
        { model: 'AP-2', description: 'Apron', quantity: '12.5', unit_price: '7.1' },
      ],
    },
  });
  expect(order.total).toBe('1344.75');
  await ctx.dispose();
  await signIn(context);
  // Open tabs keep their pages mounted: read the shown one.
  const shown = (testId: string) => page.getByTestId(testId).filter({ visible: true });

  // The bank block of the settings, from the invoice list.
  await page.goto('/invoice/list');
  await expect(sidebar(page).getByRole('link', { name: 'Invoices', exact: true })).toHaveAttribute(
    'href',
    '/invoice/list',
  );
  await page.getByRole('button', { name: 'Bank details' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Beneficiary').fill('Harbourline Trading Co., Ltd.');
  await drawer.getByLabel('Bank name').fill('Bank of China, Ningbo Branch');
  await drawer.getByLabel('Bank address').fill('139 Yaohang Street, Ningbo, China');
  await drawer.getByLabel('Account number').fill('3512 0000 8899');
  await drawer.getByLabel('SWIFT / BIC').fill('bkchcnbj92a');
  await shot(page, 'invoice-bank-details');
  await drawer.getByRole('button', { name: 'Save bank details' }).click();
  await expect(drawer).toBeHidden();

  // Issue a proforma invoice from the order page.
  await page.goto(`/order/detail/${order.id}`);
  const panel = shown('order-invoices');
  await panel.getByRole('button', { name: 'Issue proforma invoice' }).click();
  await expect(page).toHaveURL(/\/invoice\/detail\/\d+$/);
  const number = (await shown('invoice-number').textContent())?.trim() ?? '';
  expect(number).toMatch(/^PI-\d{4}-\d{4}$/);
  await expect(shown('invoice-total')).toHaveText('$1,344.75 USD');
  await expect(shown('invoice-words')).toHaveText(
    'SAY US DOLLARS ONE THOUSAND THREE HUNDRED FORTY-FOUR AND CENTS SEVENTY-FIVE ONLY',
  );
  await expect(shown('invoice-bank')).toContainText('BKCHCNBJ92A');
  await shot(page, 'invoice-detail');

  // The PDF downloads and carries the number and the amount in words.
  const downloading = page.waitForEvent('download');
  await shown('invoice-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number}-v1.pdf`);
  const pdf = readFileSync((await download.path()) ?? '');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(5_000);

  // An edit is a new version; the issued one stays, and the two compare.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(/\/invoice\/update\/\d+$/);
  await page.getByLabel('Unit price 2', { exact: true }).fill('0.995');
  await expect(shown('invoice-edit-total')).toHaveText('$1,334.75 USD');
  await page.getByLabel('Remarks').fill('Price agreed on the phone');
  await shot(page, 'invoice-edit');
  await page.getByRole('button', { name: 'Save as new version' }).click();
  await expect(page).toHaveURL(/\/invoice\/detail\/\d+$/);
  await expect(shown('invoice-total')).toHaveText('$1,334.75 USD');
  await expect(shown('invoice-words')).toContainText('THREE HUNDRED THIRTY-FOUR AND CENTS SEVENTY-FIVE');
  const versions = shown('invoice-versions');
  await versions.getByRole('checkbox', { name: 'Version 1' }).check();
  await versions.getByRole('checkbox', { name: 'Version 2' }).check();
  const diff = shown('invoice-diff');
  await expect(diff).toContainText('Remarks');
  await expect(diff).toContainText('Cutting board');
  await expect(diff.locator('.invoice-diff__old').first()).toBeVisible();
  await shot(page, 'invoice-versions-diff');

  // A commercial invoice from the same order has its own series; the order links both.
  await page.goto(`/order/detail/${order.id}`);
  await panel.getByRole('button', { name: 'Issue commercial invoice' }).click();
  await expect(shown('invoice-number')).toHaveText(/^CI-\d{4}-\d{4}$/);
  await expect(shown('invoice-total')).toHaveText('$1,344.75 USD');
  const commercial = (await shown('invoice-number').textContent())?.trim() ?? '';
  await page.goto(`/order/detail/${order.id}`);
  await expect(panel.getByRole('link', { name: number })).toBeVisible();
  await expect(panel.getByRole('link', { name: commercial })).toBeVisible();
  await shot(page, 'order-invoices-panel');

  // The customer's page and the list find them.
  await page.goto(`/customer/detail/${customer.id}`);
  const section = shown('customer-invoices');
  await expect(section.getByRole('link', { name: number })).toBeVisible();
  await expect(section.getByRole('link', { name: commercial })).toBeVisible();
  await page.goto('/invoice/list');
  await page.getByRole('searchbox', { name: /Number, order/ }).fill(name.toLowerCase());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: number })).toBeVisible();
  await expect(page.getByRole('link', { name: commercial })).toBeVisible();
  await shot(page, 'invoice-list');
});
