import { expect, request, test } from '@playwright/test';
import { ADMIN, api, apiLogin, BASE_URL, EDITOR, shot, signIn } from './support';

test.use({ viewport: { width: 1366, height: 900 } });

test('the dashboard counts open quotations and orders, a period change is remembered, a card opens its filtered list', async ({
  page,
  context,
}) => {
  const token = await apiLogin(ADMIN);
  const ctx = await request.newContext();
  const run = Date.now().toString(36);
  const customer = await api<{ id: number }>(ctx, 'POST', '/api/customer/create/', {
    token,
    data: { company_name: `Dashboard Buyer ${run}` },
  });
  const items = [{ model: 'DB-1', description: 'Dash board', quantity: '2', unit_price: '10' }];
  await api(ctx, 'POST', '/api/quotation/create/', {
    token,
    data: { customer_id: customer.id, currency: 'USD', items },
  });
  await api(ctx, 'POST', '/api/order/create/', {
    token,
    data: { customer_id: customer.id, currency: 'USD', items },
  });
  const today = new Date().toISOString().slice(0, 10);
  const figures = await api<{ open_quotations: { count: number }; orders_in_progress: { count: number } }>(
    ctx,
    'GET',
    `/api/dashboard/summary/?from=${today}&to=${today}`,
    { token },
  );
  await ctx.dispose();

  await signIn(context);
  await page.goto('/dashboard');
  const cards = page.getByTestId('dashboard-cards');
  await expect(cards.getByTestId('card-quotations')).toHaveText(String(figures.open_quotations.count));
  await expect(cards.getByTestId('card-orders')).toHaveText(String(figures.orders_in_progress.count));
  await expect(page.getByTestId('dashboard-todo')).toBeVisible();

  await page.getByTestId('dashboard-period').getByText('30 days').click();
  await shot(page, 'dashboard-admin');
  await page.reload();
  await expect(page.getByTestId('dashboard-period').locator('.ant-segmented-item-selected')).toHaveText(
    '30 days',
  );

  await cards.getByRole('link', { name: 'Orders in progress' }).click();
  await expect(page).toHaveURL(/\/order\/list\?status=in_progress/);
  await expect(page.locator('.order-list__filters')).toContainText('In progress');
});

test('an editor sees her unread mail and no card of an admin-only list', async ({ page, context }) => {
  await signIn(context, EDITOR);
  await page.goto('/dashboard');
  await expect(page.getByTestId('card-unread')).toBeVisible();
  await expect(page.getByTestId('card-quotations')).toHaveCount(0);
  await expect(page.getByTestId('card-orders')).toHaveCount(0);
  // Her inbox is admin-only: the card is no link.
  await expect(page.getByTestId('dashboard-cards').getByRole('link')).toHaveCount(0);
  await shot(page, 'dashboard-editor');
});

test('the dashboard in Chinese', async ({ page, context }) => {
  await signIn(context);
  await context.addCookies([{ name: 'language', value: 'zh', url: BASE_URL }]);
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-cards')).toContainText('未读邮件');
  await expect(page.getByTestId('dashboard-cards')).toContainText('进行中的订单');
  await expect(page.getByTestId('dashboard-period')).toContainText('近 30 天');
  await expect(page.getByTestId('dashboard-todo')).toContainText('待办');
  await shot(page, 'dashboard-zh');
});
