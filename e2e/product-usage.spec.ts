import { expect, request, test } from '@playwright/test';
import { ADMIN, api, apiLogin, BASE_URL, shot, signIn } from './support';

test.use({ viewport: { width: 1366, height: 900 } });

test('a product detail lists the quotations that quote it, linked to the editor; history worded in Chinese', async ({
  page,
  context,
}) => {
  const token = await apiLogin(ADMIN);
  const ctx = await request.newContext();
  const run = Date.now().toString(36);
  const name = `Usage Kettle ${run}`;
  const product = await api<{ id: number }>(ctx, 'POST', '/api/product/create/', {
    token,
    data: { name, model: `UK-${run}` },
  });
  const customer = await api<{ id: number }>(ctx, 'POST', '/api/customer/create/', {
    token,
    data: { company_name: `Usage Buyer ${run}`, email: `usage.${run}@buyer.test` },
  });
  const line = { product_id: product.id, description: name, quantity: '10', unit_price: '12' };
  const q = await api<{ id: number; number: string }>(ctx, 'POST', '/api/quotation/create/', {
    token,
    data: { customer_id: customer.id, currency: 'USD', items: [line] },
  });
  await api(ctx, 'POST', '/api/quotation/update/', {
    token,
    data: { id: q.id, version: 1, items: [{ ...line, unit_price: '11.5' }] },
  });
  await ctx.dispose();
  await signIn(context);

  await page.goto(`/product/list?q=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name, exact: true }).click();
  const detail = page.getByRole('dialog', { name });
  const usage = detail.locator('.product-detail__usage');
  await expect(usage).toContainText('Quotations using this product');
  await expect(usage).toContainText(`Usage Buyer ${run}`);
  await expect(usage).toContainText('$115.00 USD');
  await usage.scrollIntoViewIfNeeded();
  await shot(page, 'product-usage-en');
  await usage.getByRole('link', { name: q.number }).click();
  await expect(page).toHaveURL(new RegExp(`/order/updateQuotation/${q.id}$`));

  await context.addCookies([{ name: 'language', value: 'zh', url: BASE_URL }]);
  await page.goto(`/order/updateQuotation/${q.id}`);
  await expect(page.locator('.quotation-edit__status')).toHaveText('草稿');
  await shot(page, 'quotation-edit-zh');
  await page.goto(`/order/quotation/history/${q.id}`);
  await expect(page.locator('.quotation-history__summary').first()).toHaveText(
    '1 个价格变更，总额 120.00 → 115.00 USD',
  );
  await shot(page, 'quotation-history-zh');
  await page.goto(`/product/list?q=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('dialog', { name }).locator('.product-detail__usage').scrollIntoViewIfNeeded();
  await expect(page.getByText('使用此产品的报价单')).toBeVisible();
  await shot(page, 'product-usage-zh');
});
