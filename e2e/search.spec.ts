import { expect, request, test } from '@playwright/test';
import { ADMIN, api, apiLogin, EDITOR, shot, signIn } from './support';

test.use({ viewport: { width: 1366, height: 900 } });

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
