import { expect, request, test } from '@playwright/test';
import { ADMIN, api, apiLogin, BASE_URL, EDITOR, requestsTo, shot, signIn } from './support';

type Charts = {
  from: string;
  to: string;
  emails: { received: number; sent: number }[] | null;
  inquiries: { days: { count: number }[] } | null;
  funnel: { inquiries: number; quoted: number; ordered: number } | null;
};
const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const yearStart = () => `${new Date().getFullYear()}-01-01`;

test.use({ viewport: { width: 1366, height: 900 } });
// In order, in one worker: the second test's orders would change the first one's company figures.
test.describe.configure({ mode: 'default' });

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
  type Figures = { open_quotations: { count: number }; orders_in_progress: { count: number } };
  const summary = () =>
    api<Figures>(ctx, 'GET', `/api/dashboard/summary/?from=${today}&to=${today}`, { token });
  const before = await summary();

  await signIn(context);
  await page.goto('/dashboard');
  const cards = page.getByTestId('dashboard-cards');
  // Other test files add quotations and orders at the same time: the card shows the company's
  // figure at the moment it loaded, between what the API said before and what it says now.
  const shows = async (card: string, pick: (f: Figures) => number) => {
    const text = (await cards.getByTestId(card).textContent()) ?? '';
    if (!/^\d[\d,]*$/.test(text.trim())) return false;
    const shown = Number(text.replace(/\D/g, ''));
    const now = pick(await summary());
    return shown >= Math.min(pick(before), now) && shown <= Math.max(pick(before), now);
  };
  await expect.poll(() => shows('card-quotations', (f) => f.open_quotations.count)).toBe(true);
  await expect.poll(() => shows('card-orders', (f) => f.orders_in_progress.count)).toBe(true);
  await ctx.dispose();
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

test('the charts follow the period and one salesperson, and the running tasks card opens the running tasks', async ({
  page,
  context,
}) => {
  // A salesperson of her own, so the figures picked for her are exactly the rows made here.
  const admin = await apiLogin(ADMIN);
  const ctx = await request.newContext();
  const run = Date.now().toString(36);
  const seller = { username: `chart.${run}`, password: 'chart-pass-1', name: `Chart Seller ${run}` };
  await api(ctx, 'POST', '/api/user/create/', { token: admin, data: { ...seller, roles: ['admin'] } });
  const token = await apiLogin(seller);
  const customer = await api<{ id: number }>(ctx, 'POST', '/api/customer/create/', {
    token,
    data: { company_name: `Chart Buyer ${run}` },
  });
  const order = (currency: string, unit_price: string) =>
    api(ctx, 'POST', '/api/order/create/', {
      token,
      data: {
        customer_id: customer.id,
        currency,
        items: [{ model: 'CH-1', description: 'Chart line', quantity: '2', unit_price }],
      },
    });
  await order('USD', '10');
  await order('USD', '0.5');
  await order('EUR', '2.5');
  const company = (from: string) =>
    api<Charts>(ctx, 'GET', `/api/dashboard/charts/?from=${from}&to=${day()}`, { token: admin });
  const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);
  const mail = (c: Charts) => [sum(c.emails!.map((d) => d.received)), sum(c.emails!.map((d) => d.sent))];
  const inquiryCount = (c: Charts) => [sum(c.inquiries!.days.map((d) => d.count))];
  // The whole company's mail and inquiries: other test files send mail at the same time, so the
  // chart shows the figures at the moment it loaded, between what the API said before and now.
  const shows = async (testId: string, from: string, before: Charts, pick: (c: Charts) => number[]) => {
    const shown = ((await page.getByTestId(testId).textContent()) ?? '').match(/[\d,]+/g);
    if (!shown) return false;
    const now = pick(await company(from));
    const then = pick(before);
    return shown.every((n, i) => {
      const value = Number(n.replace(/,/g, ''));
      return value >= Math.min(then[i]!, now[i]!) && value <= Math.max(then[i]!, now[i]!);
    });
  };

  await signIn(context);
  await page.goto('/dashboard');
  const charts = page.getByTestId('dashboard-charts');
  const today = await company(day());
  await page.getByTestId('dashboard-period').getByText('Today').click();
  await expect(charts).toHaveAttribute('data-from', day());
  await expect(page.getByTestId('chart-emails-total')).toHaveText(/^[\d,]+ received · [\d,]+ sent$/);
  await expect.poll(() => shows('chart-emails-total', day(), today, mail)).toBe(true);
  await expect(page.getByTestId('chart-funnel')).toBeVisible();

  const year = await company(yearStart());
  await page.getByTestId('dashboard-period').getByText('This year').click();
  await expect(charts).toHaveAttribute('data-from', yearStart());
  await expect(page.getByTestId('chart-emails-total')).toHaveText(/^[\d,]+ received · [\d,]+ sent$/);
  await expect.poll(() => shows('chart-emails-total', yearStart(), year, mail)).toBe(true);
  await expect(page.getByTestId('chart-inquiries-total')).toHaveText(/^[\d,]+ inquir(y|ies)$/);
  await expect.poll(() => shows('chart-inquiries-total', yearStart(), year, inquiryCount)).toBe(true);
  await ctx.dispose();

  // Her figures only: two USD orders and one EUR order, her customer on top.
  await page.getByTestId('dashboard-owner').click();
  await page.keyboard.type(seller.name);
  await page.locator('.ant-select-item-option', { hasText: seller.name }).click();
  await expect(page.getByTestId('chart-order-value-total')).toHaveText('$21.00 · 2 orders');
  await expect(page.getByTestId('chart-funnel-total')).toHaveText('Overall —');
  await expect(page.getByTestId('chart-top-customers').locator('canvas')).toBeVisible();
  await page.getByTestId('chart-currency').getByText('EUR').click();
  await expect(page.getByTestId('chart-order-value-total')).toHaveText('€5.00 · 1 order');
  await expect(page.getByTestId('card-orders')).toHaveText('3');
  await shot(page, 'dashboard-charts-seller');

  const tasks = page.getByTestId('dashboard-cards').getByRole('link', { name: 'Running email tasks' });
  await expect(page.getByTestId('card-tasks')).toHaveText('0');
  await expect(page.getByTestId('card-tasks-rate')).toHaveText('Nothing sent yet');
  await tasks.click();
  await expect(page).toHaveURL(/\/task\/list\?status=running/);
  await expect(page.locator('.app-main__pane:not([hidden]) .task-list')).toContainText('Running');
});

test('an editor sees her unread mail and no card of an admin-only list', async ({ page, context }) => {
  await signIn(context, EDITOR);
  await page.goto('/dashboard');
  await expect(page.getByTestId('card-unread')).toBeVisible();
  await expect(page.getByTestId('card-quotations')).toHaveCount(0);
  await expect(page.getByTestId('card-orders')).toHaveCount(0);
  // Her inbox is admin-only: the card is no link.
  await expect(page.getByTestId('dashboard-cards').getByRole('link')).toHaveCount(0);
  // No chart and no task card: every list behind them is an admin's.
  await expect(page.getByTestId('card-tasks')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-charts')).toHaveCount(0);
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
  await expect(page.getByTestId('dashboard-cards')).toContainText('进行中的邮件任务');
  await expect(page.getByTestId('chart-emails')).toContainText('每日邮件');
  await expect(page.getByTestId('chart-funnel')).toContainText('询盘 → 报价 → 订单');
  await expect(page.getByTestId('chart-emails').locator('canvas')).toBeVisible();
  await page.getByTestId('dashboard-charts').scrollIntoViewIfNeeded();
  await shot(page, 'dashboard-zh');
});

test('a visit that begins on the dashboard asks for its figures beside the code, once, and draws them in its first render', async ({
  page,
  context,
}) => {
  await signIn(context);
  const summaries = requestsTo(page, '/api/dashboard/summary/');
  // What the page held when it first showed: its figures, or a placeholder waiting for them.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('.dashboard')) return;
      observer.disconnect();
      Object.assign(window, {
        firstDashboard: Boolean(document.querySelector('[data-testid="dashboard-cards"]')),
      });
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto('/dashboard');
  await expect(page.getByTestId('card-quotations')).toHaveText(/^\d[\d,]*$/);
  expect(await page.evaluate(() => (window as unknown as { firstDashboard?: boolean }).firstDashboard)).toBe(
    true,
  );
  expect(summaries).toHaveLength(1);
});

test('figures that fail to load are told once, though asked for twice (ahead of the page, then by it)', async ({
  page,
  context,
}) => {
  await signIn(context);
  let answered = 0;
  await page.route(/\/api\/dashboard\/summary\//, async (route) => {
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error_status: 500, msg: 'Internal error', data: null }),
    });
    answered++;
  });
  await page.goto('/dashboard');
  await expect(page.locator('.dashboard')).toBeVisible();
  await expect.poll(() => answered).toBe(2);
  const notices = page.locator('.ant-notification-notice, .ant-message-notice');
  await expect(notices).toHaveCount(1);
  // The page's own failure was told; the prefetch's was not (it would show beside it for 5 s).
  await page.waitForTimeout(500);
  await expect(notices).toHaveCount(1);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the charts below the fold are neither downloaded nor drawn until scrolled to', async ({
    page,
    context,
  }) => {
    await signIn(context);
    const chartCode = requestsTo(page, /\/assets\/DashboardCharts-[\w-]+\.js$/);
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-todo')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(chartCode).toHaveLength(0);
    await expect(page.getByTestId('dashboard-charts')).toHaveCount(0);
    // Scrolled down, they come in and draw.
    await page.locator('.dashboard__charts-loading').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('chart-emails').locator('canvas')).toBeVisible();
    expect(chartCode).toHaveLength(1);
  });
});
