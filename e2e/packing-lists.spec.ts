import { readFileSync } from 'node:fs';
import { expect, request, test } from '@playwright/test';
import { ADMIN, api, apiLogin, BASE_URL, shot, signIn } from './support';

test.use({ viewport: { width: 1366, height: 900 } });

test('make a packing list from an order: carton figures prefilled, live CBM, mismatch warning, PDF', async ({
  page,
  context,
}) => {
  const token = await apiLogin(ADMIN);
  const ctx = await request.newContext();
  const run = Date.now().toString(36);
  const customer = await api<{ id: number }>(ctx, 'POST', '/api/customer/create/', {
    token,
    data: { company_name: `Packing Buyer ${run}`, email: `pack.${run}@buyer.test` },
  });
  const kettle = await api<{ id: number }>(ctx, 'POST', '/api/product/create/', {
    token,
    data: {
      name: `Kettle ${run}`,
      model: `EK-${run}`,
      packaging: '1 pc / colour box, 12 pcs / carton, 60×40×35 cm, N.W. 12.5 kg, G.W. 14.5 kg',
    },
  });
  const order = await api<{ id: number; number: string }>(ctx, 'POST', '/api/order/create/', {
    token,
    data: {
      customer_id: customer.id,
      port_of_loading: 'Ningbo',
      port_of_destination: 'Hamburg',
      items: [
        {
          product_id: kettle.id,
          model: `EK-${run}`,
          description: '不锈钢电热水壶 Kettle',
          quantity: '144',
          unit_price: '9.5',
        },
        { model: 'LID-2', description: 'Spare lids', quantity: '25', unit_price: '0.4' },
      ],
    },
  });
  await ctx.dispose();
  await signIn(context);

  await page.goto(`/order/detail/${order.id}`);
  const panel = page.getByTestId('order-packing-lists');
  await expect(panel).toContainText('None yet');
  await panel.getByRole('button', { name: 'Create packing list' }).click();
  await expect(page).toHaveURL(/\/packing\/update\/\d+$/);

  // Prefilled from the product's packaging: 144 / 12 = 12 cartons of 60×40×35 cm = 1.008 m³.
  const lines = page.getByTestId('packing-editor-lines');
  await expect(lines.getByLabel('Cartons 1', { exact: true })).toHaveValue('12');
  await expect(page.getByTestId('packing-cbm-0')).toHaveText('1.008');
  // The free line gets its figures typed: 5 cartons of 5 lids, 30×20×10 cm → 0.030 m³, 2.2 kg each.
  await lines.getByLabel('Cartons 2', { exact: true }).fill('5');
  await lines.getByLabel('Qty / carton 2', { exact: true }).fill('5');
  await lines.getByLabel('G.W. / carton (kg) 2', { exact: true }).fill('2.2');
  await lines.getByLabel('Length (cm) 2', { exact: true }).fill('30');
  await lines.getByLabel('Width (cm) 2', { exact: true }).fill('20');
  await lines.getByLabel('Height (cm) 2', { exact: true }).fill('10');
  await expect(page.getByTestId('packing-cbm-1')).toHaveText('0.030');
  await expect(page.getByTestId('packing-editor-warning')).toHaveCount(0);
  // One carton short on the kettles: the line no longer matches the order nor 12 × 12.
  await lines.getByLabel('Quantity 1', { exact: true }).fill('132');
  await expect(page.getByTestId('packing-editor-warning')).toHaveText("1 line's quantity needs a look");
  await lines.getByLabel('Cartons 1', { exact: true }).fill('11');
  const totals = page.getByTestId('packing-live-totals');
  await expect(totals).toContainText('16');
  await expect(totals).toContainText('0.954');
  await page.getByLabel('Container No.').fill(`MSCU${run}`.slice(0, 11).toUpperCase());
  await page.getByLabel('Shipping marks').fill('PACKING BUYER\nHAMBURG\nC/NO. 1-16');
  await shot(page, 'packing-editor');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/packing\/detail\/\d+$/);
  const number = (await page.getByTestId('packing-number').textContent())?.trim() ?? '';
  expect(number).toMatch(/^PL-\d{4}-\d{4}$/);
  const packingPath = new URL(page.url()).pathname;
  // 11 × 60×40×35 = 0.924 m³ + 0.030; G.W. 11 × 14.5 + 5 × 2.2 = 159.5 + 11
  await expect(page.getByTestId('packing-total-row')).toContainText('16');
  await expect(page.getByTestId('packing-total-row')).toContainText('157');
  await expect(page.getByTestId('packing-total-row')).toContainText('170.5');
  await expect(page.getByTestId('packing-total-row')).toContainText('0.954');
  await expect(page.getByTestId('packing-warning-count')).toHaveText("1 line's quantity needs a look");
  await expect(page.getByTestId('packing-versions')).toContainText('v2');
  await shot(page, 'packing-detail');

  const download = page.waitForEvent('download');
  await page.getByTestId('packing-pdf-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${number}-v2.pdf`);
  const bytes = readFileSync((await file.path()) ?? '');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // The order links it; the list and the customer page show it with its figures.
  await page.goto(`/order/detail/${order.id}`);
  await expect(page.getByTestId('order-packing-lists')).toContainText(`${number}`);
  await expect(page.getByTestId('order-packing-lists')).toContainText('16 Cartons · 0.954 CBM');
  await page.getByTestId('order-packing-lists').scrollIntoViewIfNeeded();
  await shot(page, 'packing-order-panel');
  await page.goto('/packing/list');
  await page.getByLabel('Search number, order, container, model…').fill(number);
  await page.getByLabel('Search number, order, container, model…').press('Enter');
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText(order.number);
  await expect(row).toContainText('0.954');
  await shot(page, 'packing-list');
  await page.goto(`/customer/detail/${customer.id}`);
  await expect(page.getByTestId('customer-packing-lists')).toContainText(number);

  // In Chinese: the same figures under Chinese labels.
  await context.addCookies([{ name: 'language', value: 'zh', url: BASE_URL }]);
  await page.goto(packingPath);
  await expect(page.getByText('1 行数量需要核对')).toBeVisible();
  await expect(page.getByTestId('packing-total-row')).toContainText('合计');
  await expect(page.getByTestId('packing-total-row')).toContainText('0.954');
  await shot(page, 'packing-detail-zh');
});
