import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { ADMIN, api, apiLogin, BASE_URL, EDITOR, shot, signIn } from './support';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
// The visible tab's list: other tabs stay mounted (hidden), and every list page uses the kit's table.
const list = (page: Page) => page.locator('.app-main__pane:not([hidden]) .list-table');
const rows = (page: Page) => list(page).locator('tr.ant-table-row');

async function withApi<T>(run: (ctx: APIRequestContext) => Promise<T>): Promise<T> {
  const ctx = await request.newContext();
  try {
    return await run(ctx);
  } finally {
    await ctx.dispose();
  }
}

/** An admin of the test's own: the list's remembered view (table or grid) is per user. */
async function ownAdmin() {
  const who = { username: `e2e.products.${unique()}`, password: 'products-pass-1' };
  const token = await apiLogin(ADMIN);
  await withApi((ctx) =>
    api(ctx, 'POST', '/api/user/create/', {
      token,
      data: { ...who, name: 'Paula Products', roles: ['admin'] },
    }),
  );
  return who;
}

/** Every picture of the page loaded (they load lazily), so a screenshot shows them. */
const picturesLoaded = (page: Page) =>
  page.waitForFunction(() =>
    Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0),
  );

/** A photo of one colour, as a phone would send it (JPEG). */
const photo = async (colour: string) =>
  (
    await sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
      .jpeg()
      .toBuffer()
  ).toString('base64');

/** Drops files on an element the way a file manager does (a real drop event with a DataTransfer). */
async function dropFiles(page: Page, selector: string, files: { name: string; base64: string }[]) {
  const transfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: 'image/jpeg' }));
    }
    return dt;
  }, files);
  await page.locator(selector).dispatchEvent('drop', { dataTransfer: transfer });
  await transfer.dispose();
}

test('create a product with two pictures by drag and drop, reorder them, find it, grid view, export', async ({
  page,
  context,
}) => {
  const token = await signIn(context, await ownAdmin());
  const id = unique();
  const name = `E2E Kettle ${id}`;
  const categoryName = `Kitchen ${id}`;
  const category = await withApi((ctx) =>
    api<{ id: number }>(ctx, 'POST', '/api/product_category/create/', {
      token,
      data: { name: categoryName, parent_id: null },
    }),
  );

  await page.goto('/product/list');
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await page.locator('.page-header').getByRole('button', { name: 'New product' }).click();
  const form = page.getByRole('dialog', { name: 'New product' });
  await expect(form.getByLabel('Name')).toBeFocused();
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Model').fill(`EK-${id}`);
  await form.getByLabel('Category').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(categoryName, { exact: true }).click();
  await form.getByLabel('Price', { exact: true }).fill('12.350');
  await form.getByLabel('MOQ', { exact: true }).fill('500');
  await form.getByPlaceholder('Parameter, e.g. Material').fill('Material');
  await form.getByPlaceholder('Value, e.g. 304 stainless').fill('304 stainless');

  // The drop zone is the element holding the file input (antd's Dragger listens there).
  await dropFiles(page, '.picture-uploader__drop .ant-upload:has(> input[type=file])', [
    { name: 'red.jpg', base64: await photo('#d22') },
    { name: 'blue.jpg', base64: await photo('#22d') },
  ]);
  const tiles = form.getByTestId('picture-tile');
  await expect(tiles).toHaveCount(2);
  // Each shows the server's thumbnail once it is made (no progress bar left).
  await expect(tiles.locator('img[src^="/api/file/download/"]')).toHaveCount(2);
  await expect(form.locator('.picture-tile__progress')).toHaveCount(0);
  const redThumb = await tiles.nth(0).locator('img').getAttribute('src');
  const blueThumb = await tiles.nth(1).locator('img').getAttribute('src');

  // Drag the blue picture before the red one: it becomes the cover.
  await tiles.nth(1).dragTo(tiles.nth(0));
  await expect(tiles.nth(0).locator('img')).toHaveAttribute('src', blueThumb ?? '');
  await expect(tiles.nth(0).getByText('Cover')).toBeVisible();
  await shot(page, 'products-form');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`Product ${name} created`)).toBeVisible();
  await expect(form).toBeHidden();

  // Search: the list and the URL follow the box.
  await page.getByRole('textbox', { name: 'Search products' }).fill(`kettle ${id}`);
  await expect(page).toHaveURL(/q=kettle/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(name);
  await expect(rows(page).first()).toContainText('$12.35');
  await expect(rows(page).first().locator('img.product-cover')).toHaveAttribute('src', blueThumb ?? '');

  // The category filter, in the URL too.
  await page.getByRole('textbox', { name: 'Search products' }).fill('');
  await page.getByLabel('Category').first().click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(categoryName, { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`category=${category.id}`));
  await expect(rows(page)).toHaveCount(1);

  // The detail: gallery with both pictures, the cover first.
  await rows(page).first().getByRole('button', { name, exact: true }).click();
  const detail = page.getByRole('dialog', { name });
  await expect(detail.locator('img.product-gallery__main')).toBeVisible();
  await expect(detail.locator('.product-gallery__thumbs img')).toHaveCount(2);
  await expect(detail.locator('.product-gallery__thumbs img').first()).toHaveAttribute(
    'src',
    blueThumb ?? '',
  );
  await expect(detail.locator('.product-gallery__thumbs img').nth(1)).toHaveAttribute('src', redThumb ?? '');
  await expect(detail.getByText('304 stainless')).toBeVisible();
  await shot(page, 'products-detail');
  await detail.getByRole('button', { name: 'Close' }).click();

  // Grid view, remembered for this user across a reload.
  await page.locator('.list-toolbar .ant-segmented-item', { hasText: 'Pictures' }).click();
  await expect(page.getByRole('radio', { name: 'Pictures' })).toBeChecked();
  await expect(page.locator('.product-grid .product-card')).toHaveCount(1);
  await page.reload();
  await expect(page.locator('.product-grid .product-card')).toHaveCount(1);
  await expect(page.locator('.product-card img')).toHaveAttribute(
    'src',
    /\/api\/file\/download\/\?id=\d+&inline=1/,
  );
  await shot(page, 'products-grid');

  // Export of the filtered list: the product, with its cover in the file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('excel-list.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  expect(sheet.getRow(2).getCell(3).value).toBe(name);
  expect(sheet.getImages()).toHaveLength(1);
});

test('screens at laptop and phone widths, in English and Chinese', async ({ page, context }) => {
  const token = await signIn(context, await ownAdmin());
  const id = unique();
  await withApi(async (ctx) => {
    for (const [i, colour] of ['#e63', '#3a6', '#36c'].entries()) {
      const bytes = Buffer.from(await photo(colour), 'base64');
      const res = await ctx.post(`${BASE_URL}/api/file/upload/`, {
        headers: { 'X-Token': token },
        multipart: { file: { name: `p${i}.jpg`, mimeType: 'image/jpeg', buffer: bytes } },
      });
      const fileId = ((await res.json()) as { data: { id: number } }).data.id;
      await api(ctx, 'POST', '/api/product/create/', {
        token,
        data: {
          name: `Stainless steel kettle ${i + 1} ${id}`,
          model: `SK-${i}-${id}`,
          factory: 'Ningbo Homeware Co.',
          price: ['12.35', '0.0125', '1499'][i],
          currency: ['USD', 'EUR', 'CNY'][i],
          moq: '500',
          unit: 'carton',
          published: i !== 1,
          pictures: [{ file_id: fileId }],
        },
      });
    }
  });
  for (const lang of ['en', 'zh'] as const) {
    await context.addCookies([{ name: 'language', value: lang, url: BASE_URL }]);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await page.goto(`/product/list?q=${id}`);
      await expect(rows(page)).toHaveCount(3);
      await picturesLoaded(page);
      await shot(page, `products-list-${lang}-${width}`);
      await page.locator('.list-toolbar .ant-segmented-item').nth(1).click();
      await expect(page.locator('.product-card')).toHaveCount(3);
      await picturesLoaded(page);
      await shot(page, `products-grid-${lang}-${width}`);
      await page.locator('.list-toolbar .ant-segmented-item').nth(0).click();
      await page.locator('.page-header .ant-btn-primary').click();
      await expect(page.locator('.product-drawer')).toBeVisible();
      await shot(page, `products-form-${lang}-${width}`);
      await page.keyboard.press('Escape');
    }
  }
  await context.addCookies([{ name: 'language', value: 'en', url: BASE_URL }]);
});

test('an editor opening the product list lands on /401, but may pick products', async ({ page, context }) => {
  await signIn(context, EDITOR);
  await page.goto('/product/list');
  await expect(page).toHaveURL(/\/401/);
  const token = await apiLogin(EDITOR);
  const options = await withApi((ctx) =>
    api<unknown[]>(ctx, 'GET', '/api/product/options/?q=kettle', { token }),
  );
  expect(Array.isArray(options)).toBe(true);
});
