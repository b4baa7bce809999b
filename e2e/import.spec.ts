import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { shot, signIn } from './support';

const ROWS = 10_000;

async function bigSheet(marker: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Customers');
  sheet.addRow(['Company name', 'Email', 'Country']);
  for (let i = 0; i < ROWS; i++) sheet.addRow([`${marker} Co ${i}`, `c${i}.${marker}@e2e.test`, 'DE']);
  sheet.addRow([`${marker} Bad`, 'not-an-email', 'DE']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function importFile(page: Page, buffer: Buffer) {
  await page.locator('.page-header').getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import customers' });
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'big customers.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  return dialog;
}

test('a 10,000-row import shows its progress, then the report; the same file again asks first', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signIn(context);
  const marker = `big${Date.now().toString(36)}`;
  const buffer = await bigSheet(marker);
  await page.goto('/customer/list');
  await expect(page.locator('.list-table')).toBeVisible();

  let dialog = await importFile(page, buffer);
  // The server's own count of rows saved, while it saves them.
  await expect(dialog.getByTestId('import-progress')).toContainText(/Saving rows: [\d,]+ of 10,000/, {
    timeout: 60_000,
  });
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  await shot(page, 'import-progress');
  const report = dialog.getByTestId('import-report');
  await expect(report).toBeVisible({ timeout: 120_000 });
  await expect(report.locator('.import-report__count', { hasText: 'Created' })).toContainText('10,000');
  const bad = report.getByRole('row').filter({ hasText: 'Email' });
  await expect(bad.getByRole('cell').first()).toHaveText(String(ROWS + 2));
  await dialog.getByRole('button', { name: 'Done' }).click();

  dialog = await importFile(page, buffer);
  const warning = dialog.getByRole('alert');
  await expect(warning).toContainText(
    /This file was imported on \d{4}-\d\d-\d\d \d\d:\d\d by Administrator\./,
  );
  await expect(warning).toContainText('It was "big customers.xlsx" then.');
  await shot(page, 'import-same-file');
  await dialog.getByRole('button', { name: 'Import again' }).click();
  await expect(report).toBeVisible({ timeout: 120_000 });
  await expect(report.locator('.import-report__count', { hasText: 'Skipped' })).toContainText('10,000');
  const skipped = dialog.getByTestId('import-skipped');
  await expect(skipped.getByRole('row').nth(1)).toContainText(
    `c0.${marker}@e2e.test already belongs to customer`,
  );
  await expect(skipped.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('2');
});
