import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, type Page, request, test } from '@playwright/test';
import { ADMIN, api, apiLogin, shot, signIn } from './support';

test.use({ viewport: { width: 1366, height: 900 } });
test.describe.configure({ timeout: 180_000 });

/** Downloads through the button and answers the file's name and its text (pdftotext). */
async function downloadPdf(page: Page, testId: string) {
  const downloading = page.waitForEvent('download');
  await page.getByTestId(testId).filter({ visible: true }).click();
  const file = await downloading;
  const path = (await file.path()) ?? '';
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return {
    name: file.suggestedFilename(),
    text: execFileSync('pdftotext', ['-layout', path, '-']).toString(),
  };
}

test('the document chain: quotation → order → payment → proforma invoice → packing list, both PDFs', async ({
  page,
  context,
}) => {
  const token = await apiLogin(ADMIN);
  const ctx = await request.newContext();
  const run = Date.now().toString(36);
  const customer = await api<{ id: number }>(ctx, 'POST', '/api/customer/create/', {
    token,
    data: { company_name: `Chain Buyer ${run}`, name: 'Cai Buyer', email: `cai.${run}@buyer.test` },
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
        port_of_loading: 'Ningbo',
        port_of_destination: 'Hamburg',
        items: [
          {
            model: 'KN-8',
            description: '不锈钢厨房刀具 Kitchen knife',
            quantity: '120',
            unit_price: '2.355',
          },
          { model: 'CB-1', description: 'Cutting board', quantity: '48', unit_price: '3.1' },
        ],
      },
    },
  );
  // 120 × 2.355 = 282.60; 48 × 3.1 = 148.80
  expect(quotation.total).toBe('431.40');
  await ctx.dispose();
  await signIn(context);
  const shown = (testId: string) => page.getByTestId(testId).filter({ visible: true });

  // Win the quotation: the order has the same lines and total.
  await page.goto(`/order/updateQuotation/${quotation.id}`);
  await page.getByRole('button', { name: 'Make order' }).click();
  await expect(page).toHaveURL(/\/order\/detail\/\d+$/);
  const orderUrl = page.url();
  const orderNumber = (await shown('order-number').textContent())?.trim() ?? '';
  await expect(shown('order-detail-total')).toHaveText('$431.40 USD');

  // A 30% deposit.
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount').fill('129.42');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(shown('order-balance')).toHaveText('$301.98');

  // The proforma invoice carries the order's lines and total.
  await shown('order-invoices').getByRole('button', { name: 'Issue proforma invoice' }).click();
  await expect(page).toHaveURL(/\/invoice\/detail\/\d+$/);
  const invoiceNumber = (await shown('invoice-number').textContent())?.trim() ?? '';
  expect(invoiceNumber).toMatch(/^PI-\d{4}-\d{4}$/);
  await expect(shown('invoice-total')).toHaveText('$431.40 USD');
  const invoicePdf = await downloadPdf(page, 'invoice-download');
  expect(invoicePdf.name).toBe(`${invoiceNumber}-v1.pdf`);
  expect(invoicePdf.text).toContain(invoiceNumber);
  expect(invoicePdf.text).toContain('431.40');
  expect(invoicePdf.text).toContain('不锈钢厨房刀具');

  // The packing list from the order, with the carton figures typed in.
  await page.goto(orderUrl);
  await shown('order-packing-lists').getByRole('button', { name: 'Create packing list' }).click();
  await expect(page).toHaveURL(/\/packing\/update\/\d+$/);
  const lines = shown('packing-editor-lines');
  const cartons: [string, string, string, string, string, string][] = [
    ['10', '12', '9.5', '50', '40', '30'],
    ['4', '12', '6', '45', '35', '20'],
  ];
  for (const [i, [n, perCarton, gross, l, w, h]] of cartons.entries()) {
    await lines.getByLabel(`Cartons ${i + 1}`, { exact: true }).fill(n);
    await lines.getByLabel(`Qty / carton ${i + 1}`, { exact: true }).fill(perCarton);
    await lines.getByLabel(`G.W. / carton (kg) ${i + 1}`, { exact: true }).fill(gross);
    await lines.getByLabel(`Length (cm) ${i + 1}`, { exact: true }).fill(l);
    await lines.getByLabel(`Width (cm) ${i + 1}`, { exact: true }).fill(w);
    await lines.getByLabel(`Height (cm) ${i + 1}`, { exact: true }).fill(h);
  }
  // 10 × 0.06 m³ + 4 × 0.0315 m³ = 0.726
  await expect(shown('packing-live-totals')).toContainText('0.726');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/packing\/detail\/\d+$/);
  const packingNumber = (await shown('packing-number').textContent())?.trim() ?? '';
  expect(packingNumber).toMatch(/^PL-\d{4}-\d{4}$/);
  await expect(shown('packing-total-row')).toContainText('0.726');
  const packingPdf = await downloadPdf(page, 'packing-pdf-download');
  expect(packingPdf.name).toMatch(new RegExp(`^${packingNumber}-v\\d+\\.pdf$`));
  expect(packingPdf.text).toContain(packingNumber);
  expect(packingPdf.text).toContain('0.726');

  // The order links all of it, and what is still due.
  await page.goto(orderUrl);
  await expect(shown('order-invoices').getByRole('link', { name: invoiceNumber })).toBeVisible();
  await expect(shown('order-packing-lists')).toContainText(packingNumber);
  await expect(shown('order-balance')).toHaveText('$301.98');
  await expect(shown('order-quotation')).toHaveText(`${quotation.number} version 1`);
  await shot(page, 'document-chain-order');
  expect(orderNumber).toMatch(/^SO-\d{4}-\d{4}$/);
});
