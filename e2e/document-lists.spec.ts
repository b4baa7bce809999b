import { expect, request, test } from '@playwright/test';
import { api, SECOND_ADMIN, shot, signIn } from './support';

test.use({ viewport: { width: 1366, height: 900 } });

test('a document list keeps its filters, sort and columns in the address and across a reload', async ({
  page,
  context,
}) => {
  // Column choices are per user: the second admin's, so other tests' lists keep their columns.
  const token = await signIn(context, SECOND_ADMIN);
  const ctx = await request.newContext();
  const run = Date.now().toString(36);
  const customer = await api<{ id: number }>(ctx, 'POST', '/api/customer/create/', {
    token,
    data: { company_name: `Sorted Buyer ${run}` },
  });
  const quote = (model: string, price: string) =>
    api<{ number: string }>(ctx, 'POST', '/api/quotation/create/', {
      token,
      data: {
        customer_id: customer.id,
        currency: 'USD',
        items: [{ model, description: 'Sort check', quantity: '1', unit_price: price }],
      },
    });
  const cheap = await quote(`LOW-${run}`, '5');
  const dear = await quote(`HIGH-${run}`, '500');
  await ctx.dispose();

  // A link with the customer and a sort: the picker names the customer, the cheaper one comes first.
  const pane = page.locator('.quotation-list');
  const rows = pane.locator('.ant-table-row');
  await page.goto(`/order/quotation?customer_id=${customer.id}&sort=total`);
  await expect(pane.locator('.quotation-list__filters')).toContainText(`Sorted Buyer ${run}`);
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(cheap.number);

  // A click on Total sorts on the server, largest first, and the address says so.
  await page.goto(`/order/quotation?customer_id=${customer.id}`);
  await expect(rows).toHaveCount(2);
  await pane.getByRole('columnheader', { name: 'Total' }).click();
  await expect(page).toHaveURL(/sort=-total/);
  await expect(rows.first()).toContainText(dear.number);

  // A status and a currency from the address; a reload gives the same list.
  await page.goto(`/order/quotation?customer_id=${customer.id}&sort=-total&status=draft&currency=USD`);
  await expect(rows.first()).toContainText(dear.number);
  await expect(pane.locator('.quotation-list__filters')).toContainText('Draft');
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(dear.number);
  // Another currency leaves nothing.
  await page.goto(`/order/quotation?customer_id=${customer.id}&currency=EUR`);
  await expect(rows).toHaveCount(0);
  await expect(pane.getByText('No quotations yet')).toBeVisible();

  // The owner column hidden stays hidden after a reload; the number stays.
  await page.goto(`/order/quotation?customer_id=${customer.id}`);
  await pane.getByRole('button', { name: 'Columns' }).click();
  const chooser = page.getByRole('list', { name: 'Columns shown' });
  await chooser.getByRole('checkbox', { name: 'Owner' }).uncheck();
  await expect(pane.getByRole('columnheader', { name: 'Owner' })).toHaveCount(0);
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(pane.getByRole('columnheader', { name: 'Owner' })).toHaveCount(0);
  await expect(pane.getByRole('columnheader', { name: 'Number' })).toBeVisible();
  await shot(page, 'quotation-list-sorted-columns');
  await pane.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Back to the default columns' }).click();
  await expect(pane.getByRole('columnheader', { name: 'Owner' })).toBeVisible();
});
