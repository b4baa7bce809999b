import { expect, request, test } from '@playwright/test';
import { api, BASE_URL, SECOND_ADMIN, shot, signIn } from './support';

const run = Date.now().toString(36);
const PRODUCT = `Harbour Kettle ${run}`;
const BUYER = `buyer.${run}@e2e.test`;
/** A 32×32 PNG in one colour. */
const PNG_32 =
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAO0lEQVRIiWPgqjWiKWIYtaB2NIiMRlMR12hGMxotKrhGS9Pa0QqHa7TKrB1tVRiNNrxqR5uORoO6dQ0AsvrkH3R8Z3wAAAAASUVORK5CYII=';

test('a visitor finds a product, sends an inquiry, staff see it live; the admin restyles the site', async ({
  browser,
  page,
  context,
}) => {
  // The second admin: the first one's remembered mail searches (spec §3) would filter the inquiry folder.
  const token = await signIn(context, SECOND_ADMIN);
  const ctx = await request.newContext();
  // A mailbox for the inquiries (it need not reach a server) and a published product.
  const account = await api<{ id: number }>(ctx, 'POST', '/api/email/update_email_account/', {
    token,
    data: {
      address: `site.${run}@e2e.test`,
      name: 'Site inquiries',
      imap_host: '127.0.0.1',
      imap_port: 1,
      imap_user: 'site',
      imap_password: 'unused',
      enabled: false,
    },
  });
  await api(ctx, 'POST', '/api/product/create/', {
    token,
    data: {
      name: PRODUCT,
      model: `HK-${run}`,
      advantage: 'Boils in 3 minutes.',
      moq: '100',
      published: true,
    },
  });
  const current = await api<{ company: object; site: object }>(ctx, 'GET', '/api/website/settings/', {
    token,
  });
  await api(ctx, 'POST', '/api/website/update_settings/', {
    token,
    data: { ...current, site: { ...current.site, inquiry_account_id: account.id } },
  });

  // Staff keep the inquiry folder open while the visitor writes.
  await page.goto('/email/inquiry');
  await expect(
    page
      .getByRole('heading', { name: /inquir/i })
      .or(page.locator('.ant-table'))
      .first(),
  ).toBeVisible();

  const inquiries = await context.newPage();
  await inquiries.goto('/inquiry/list');
  await expect(inquiries.locator('.ant-table')).toBeVisible();

  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${BASE_URL}/site/`);
  await visitor.getByRole('searchbox').fill(PRODUCT);
  await visitor.getByRole('button', { name: 'Search' }).click();
  await expect(visitor).toHaveURL(/\/site\/search\?q=/);
  await visitor.getByRole('link', { name: new RegExp(PRODUCT) }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
  await expect(visitor).toHaveURL(new RegExp(`/site/product/\\d+-harbour-kettle-${run}$`));

  const form = visitor.locator('#inquiry');
  await form.getByLabel('Your name').fill('Ana Buyer');
  await form.getByLabel('Email').fill(BUYER);
  await form.getByLabel('Company').fill('Buyer Imports Ltd');
  await form.getByLabel('Country').selectOption('BR');
  await form.getByLabel('Message').fill('Please quote 2,000 kettles FOB Ningbo.');
  // A person takes a few seconds to fill the form; a faster post is refused as a robot's.
  await visitor.waitForTimeout(3500);
  await form.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(visitor.getByRole('heading', { name: 'Thank you for your inquiry' })).toBeVisible();
  await visitor.screenshot({ path: 'test-results/screenshots/website-thanks-phone.png' });

  // Without a reload, the inquiry appears in the staff's open inquiry folder.
  await expect(page.getByText(`Website inquiry: ${PRODUCT}`).first()).toBeVisible();
  await expect(inquiries.getByText(`Website inquiry: ${PRODUCT}`).first()).toBeVisible();
  await inquiries.close();

  // The admin changes the company name and colour on the Website screen; the public page shows them.
  await page.goto('/website/index');
  await expect(page.getByRole('heading', { name: 'Website', exact: true })).toBeVisible();
  const name = page.getByLabel('Company name', { exact: true });
  await name.fill(`Harbourline ${run}`);
  // The site's colour (the form's picker), not the back office's own (the top bar's).
  await page.locator('.website__form .ant-color-picker-trigger').click();
  const hex = page.locator('.ant-color-picker-input input:visible');
  await hex.fill('aa3300');
  await hex.press('Enter');
  await page.keyboard.press('Escape');
  // A favicon (uploaded like the logo) and the buyer's acknowledgement, off by default.
  await page
    .locator('.ant-form-item', { hasText: 'Favicon' })
    .locator('input[type=file]')
    .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: Buffer.from(PNG_32, 'base64') });
  await expect(page.getByRole('img', { name: 'Favicon' })).toBeVisible();
  const ack = page.getByRole('switch', { name: 'Email the buyer after an inquiry' });
  await expect(ack).not.toBeChecked();
  await expect(page.locator('.website__form').getByLabel('Subject', { exact: true })).toBeDisabled();
  await ack.click();
  await page.locator('.website__form').getByLabel('Subject', { exact: true }).fill('Thank you, {name}');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Website settings saved')).toBeVisible();
  await page.locator('.website__section', { hasText: 'Site' }).first().scrollIntoViewIfNeeded();
  await page.getByRole('img', { name: 'Favicon' }).scrollIntoViewIfNeeded();
  await shot(page, 'website-settings');
  await page
    .locator('.website__section', { hasText: 'Acknowledgement to the buyer' })
    .scrollIntoViewIfNeeded();
  await shot(page, 'website-settings-ack');
  const saved = await api<{ site: { ack_enabled: boolean; ack_subject: string; favicon_file_id: number } }>(
    ctx,
    'GET',
    '/api/website/settings/',
    { token },
  );
  expect(saved.site.ack_enabled).toBe(true);
  expect(saved.site.ack_subject).toBe('Thank you, {name}');

  await visitor.goto(`${BASE_URL}/site/`);
  await expect(visitor.getByRole('heading', { level: 1, name: `Harbourline ${run}` })).toBeVisible();
  await expect(visitor.locator('link[rel=icon]')).toHaveAttribute(
    'href',
    `/site/favicon?v=${saved.site.favicon_file_id}`,
  );
  const icon = await visitor.request.get(`${BASE_URL}/site/favicon`);
  expect(icon.headers()['content-type']).toBe('image/png');
  const brand = await visitor
    .locator('.hero')
    .evaluate((el) => getComputedStyle(el).getPropertyValue('--brand').trim().toLowerCase());
  expect(brand).toBe('#aa3300');

  // The product can be withdrawn from the Website screen's product list; its page is gone at once.
  await page.getByRole('tab', { name: 'Products on the site' }).click();
  await page.getByPlaceholder('Search products').fill(PRODUCT);
  await page.getByPlaceholder('Search products').press('Enter');
  await page.getByRole('switch', { name: `Show ${PRODUCT} on the site` }).click();
  await expect(page.getByRole('switch', { name: `Show ${PRODUCT} on the site` })).not.toBeChecked();
  const gone = await visitor.goto(visitor.url().replace(/\/site\/$/, '/site/products'));
  expect(gone?.status()).toBe(200);
  await expect(visitor.getByText(PRODUCT)).toHaveCount(0);

  await visitorContext.close();
  await ctx.dispose();
});
