import { expect, type Locator, type Page, test } from '@playwright/test';
import { type MailServer, message, PASSWORD, startMailServer } from './dovecot';
import { api, apiLogin, BASE_URL, EDITOR, shot, sidebar, signIn, tab } from './support';

/**
 * Mail, end to end: a real Dovecot, an account added on the accounts screen, mail delivered the way
 * an MTA does and picked up by the server's sync, then read and worked in the browser.
 */

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const MAILBOX = `sales.${run}@example.test`;
const SPAMMER = `offers@promo-${run}.test`;
const BUYER = `h.becker@becker-handel-${run}.test`;
/** The company "create customer from this sender" reads from the buyer's domain. */
const BUYER_COMPANY = `Becker Handel ${run[0]?.toUpperCase()}${run.slice(1)}`;
const subjects = {
  promo: `Big sale ${run}`,
  rfq: `RFQ stainless bottles ${run}`,
  live: `Vessel ETA ${run}`,
  plain: `Shipping documents ${run}`,
  blocked: `Another offer ${run}`,
};

/** A 2×2 PNG served for the "remote" image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8Dwn4GBgYGJgYGBAQAhHQEDbf3tjAAAAABJRU5ErkJggg==',
  'base64',
);

const promoHtml = `<html><body>
<h1 style="color:#c00">Big sale!</h1>
<p>Hello friend,</p>
<p><img src="https://images.e2e.test/banner.png" alt="banner" width="200" height="60"></p>
<script>window.parent.__pwned = 'script'; window.__pwned = 'script';</script>
<img src="x" onerror="window.parent.__pwned = 'onerror'">
<p><a href="javascript:window.parent.__pwned='link'">Click</a> or <a href="https://promo.e2e.test/shop">shop now</a></p>
<form action="https://promo.e2e.test/steal"><input name="card"></form>
</body></html>`;

let mail: MailServer;

/** Pages of open tabs stay mounted (hidden), so a mail in two visited folders is listed twice: read the shown one. */
const rows = (page: Page) => page.locator('.app-main__pane:not([hidden]) .email-list tr.email-row');
const row = (page: Page, subject: string) => rows(page).filter({ hasText: subject });
const badge = (page: Page) => page.getByRole('button', { name: /^Unread emails: \d+$/ });

async function unreadBadge(page: Page): Promise<number> {
  const label = (await badge(page).getAttribute('aria-label')) ?? '';
  return Number(label.replace(/\D+/g, ''));
}

/** Picks `option` in an antd select. */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

test('an editor cannot open the mail screens, nor call their API', async ({ page, context }) => {
  await signIn(context, EDITOR);
  for (const path of [
    '/email/inbox',
    '/email/trash',
    '/email/accounts',
    '/email/blacklist',
    '/email/emailDetail/1',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/401\?noGoBack=true$/);
  }
  const token = await apiLogin(EDITOR);
  const res = await page.request.get('/api/email/list/?folder=inbox', { headers: { 'X-Token': token } });
  expect(res.status()).toBe(403);
  expect((await res.json()).code).toBe('FORBIDDEN');
});

test.describe('mail', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  test.beforeAll(async () => {
    mail = await startMailServer();
    // Waiting in the mailbox before the account is connected: the first sync brings them in.
    await mail.deliver(
      MAILBOX,
      message({
        from: `Marketing Weekly <${SPAMMER}>`,
        to: MAILBOX,
        subject: subjects.promo,
        text: 'Big sale! Shop now.',
        html: promoHtml,
        ip: '216.160.83.56',
        date: new Date(Date.now() - 3 * 3600_000),
      }),
    );
    await mail.deliver(
      MAILBOX,
      message({
        from: `Hans Becker <${BUYER}>`,
        to: MAILBOX,
        subject: subjects.rfq,
        text: 'Please quote your best price FOB Ningbo for 2,000 pcs, with MOQ and lead time.',
        ip: '89.160.20.112',
        date: new Date(Date.now() - 2 * 3600_000),
      }),
    );
    await mail.deliver(
      MAILBOX,
      message({
        from: 'Oliver Brown <oliver@london-office.test>',
        to: MAILBOX,
        subject: subjects.plain,
        text: 'The bill of lading is attached.\n\n> Could you send the documents?\n\nOliver',
        ip: '81.2.69.142',
        date: new Date(Date.now() - 3600_000),
      }),
    );
  });

  test.afterAll(async () => {
    await mail?.stop();
  });

  test('the admin sees the mail menu and connects an account on the accounts screen', async ({
    page,
    context,
  }) => {
    await signIn(context);
    await page.goto('/dashboard');
    await sidebar(page).getByRole('menuitem', { name: 'Email' }).click();
    for (const name of [
      'Inbox',
      'Outbox',
      'Drafts',
      'Inquiry mail',
      'Quotation mail',
      'Trash',
      'Mail accounts',
      'Blacklist',
    ])
      await expect(sidebar(page).getByRole('link', { name, exact: true })).toBeVisible();
    await sidebar(page).getByRole('link', { name: 'Mail accounts' }).click();
    await expect(page.getByRole('heading', { name: 'Mail accounts' })).toBeVisible();

    await page.getByRole('button', { name: 'Add account' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Add a mail account' });
    await drawer.getByLabel('Email address').fill(MAILBOX);
    await drawer.getByLabel('Display name').fill('Sales');
    const imap = drawer.getByRole('group', { name: 'Incoming mail (IMAP)' });
    await imap.getByLabel('Server').fill(mail.host);
    await imap.getByRole('switch', { name: 'TLS' }).click();
    await imap.getByLabel('Port').fill(String(mail.port));
    // The login follows the address.
    await expect(imap.getByLabel('Login')).toHaveValue(MAILBOX);

    // A wrong password: the server's own message, per protocol.
    await imap.getByLabel('Password').fill('wrong-password');
    await drawer.getByRole('button', { name: 'Test connection' }).click();
    const result = drawer.getByTestId('account-test');
    await expect(result).not.toContainText('Connected and signed in');
    await expect(result.locator('.account-test__bad')).toHaveCount(1);
    await expect(result).toContainText('this account only receives mail');

    await imap.getByLabel('Password').fill(PASSWORD);
    await drawer.getByRole('button', { name: 'Test connection' }).click();
    await expect(result).toContainText('IMAPConnected and signed in');
    await drawer.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(`Account ${MAILBOX} added`)).toBeVisible();
    await expect(drawer).toBeHidden();

    const account = page.getByRole('row').filter({ hasText: MAILBOX });
    await expect(account).toContainText(`${mail.host}:${mail.port}`);
    await expect(account).toContainText('Not set');
    await expect(account).toContainText(/Synced/, { timeout: 45_000 });
    await expect(account).toContainText('Working');
    await shot(page, 'email-accounts');

    // Editing never shows the password: the field says it is kept.
    await account.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${MAILBOX}` });
    const editImap = edit.getByRole('group', { name: 'Incoming mail (IMAP)' });
    await expect(editImap.getByLabel('Password')).toHaveValue('');
    await expect(editImap.getByLabel('Password')).toHaveAttribute('placeholder', 'unchanged');
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });

  test('synced mail is in the inbox; new mail appears without a reload and the badge rises', async ({
    page,
    context,
  }) => {
    await signIn(context);
    await page.goto(`/email/inbox?q=${run}`);
    await expect(row(page, subjects.promo)).toBeVisible({ timeout: 30_000 });
    await expect(row(page, subjects.rfq)).toBeVisible();
    await expect(row(page, subjects.plain)).toBeVisible();
    // Unread rows are bold; the buying inquiry was recognised on arrival; the sender's country shows.
    await expect(row(page, subjects.rfq)).toHaveClass(/email-row--unread/);
    await expect(row(page, subjects.rfq)).toContainText('Inquiry');
    await expect(row(page, subjects.rfq).getByRole('img', { name: /Sweden/ })).toBeVisible();

    await expect(badge(page)).toBeVisible();
    const before = await unreadBadge(page);
    await mail.deliver(
      MAILBOX,
      message({
        from: 'Oliver Brown <oliver@london-office.test>',
        to: MAILBOX,
        subject: subjects.live,
        text: 'Could you confirm the ETA of the second container?',
        ip: '81.2.69.142',
      }),
    );
    await expect(row(page, subjects.live)).toBeVisible({ timeout: 45_000 });
    await expect(rows(page).first()).toContainText(subjects.live);
    await expect(badge(page)).toHaveAttribute('aria-label', `Unread emails: ${before + 1}`);
    await shot(page, 'email-inbox');

    // Keyboard: j moves the cursor, Enter opens.
    await page.locator('.email-page').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('j');
    await expect(rows(page).first()).toHaveClass(/email-row--cursor/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/email\/emailDetail\/\d+$/);
    await expect(page.getByRole('heading', { name: subjects.live })).toBeVisible();
    await expect(badge(page)).toHaveAttribute('aria-label', `Unread emails: ${before}`);
  });

  test('an HTML mail shows sanitised in a sandbox; remote images wait for "show images"; nothing runs', async ({
    page,
    context,
  }) => {
    await signIn(context);
    const remote: string[] = [];
    await context.route('https://images.e2e.test/**', (route) => {
      remote.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
    });
    await page.goto(`/email/inbox?q=${run}`);
    await row(page, subjects.promo).click();
    await expect(page.getByRole('heading', { name: subjects.promo })).toBeVisible();

    const frame = page.locator('iframe.email-body__frame');
    const sandbox = (await frame.getAttribute('sandbox')) ?? '';
    expect(sandbox.split(' ')).not.toContain('allow-scripts');
    expect(sandbox.split(' ')).not.toContain('allow-forms');
    const body = page.frameLocator('iframe.email-body__frame');
    await expect(body.getByRole('heading', { name: 'Big sale!' })).toBeVisible();
    await expect(body.getByRole('link', { name: 'shop now' })).toHaveAttribute(
      'href',
      'https://promo.e2e.test/shop',
    );
    await expect(body.getByText('Click')).not.toHaveAttribute('href', /.*/);
    await expect(body.locator('script, form, input, [onerror]')).toHaveCount(0);

    const banner = body.getByRole('img', { name: 'banner' });
    await expect(banner).not.toHaveAttribute('src', /.*/);
    await page.waitForTimeout(500);
    expect(remote).toEqual([]);
    await shot(page, 'email-detail');

    await page.getByRole('button', { name: 'Show images' }).click();
    await expect(banner).toHaveAttribute('src', 'https://images.e2e.test/banner.png');
    await expect.poll(() => remote.length).toBeGreaterThan(0);
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    await expect(page.getByRole('button', { name: 'Show images' })).toHaveCount(0);

    // Nothing of the message ran, here or in the frame.
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    const inner = page.frames().find((f) => f !== page.mainFrame());
    expect(await inner?.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();

    // The sender's IP and its country; not a customer yet.
    await expect(page.getByText('216.160.83.56')).toBeVisible();
    await expect(page.getByText(`Marketing Weekly <${SPAMMER}> is not a customer yet.`)).toBeVisible();
  });

  test('opening a mail reads it; marked as an inquiry it shows in the inquiry folder', async ({
    page,
    context,
  }) => {
    await signIn(context);
    await page.goto(`/email/inbox?q=${run}`);
    await expect(row(page, subjects.plain)).toHaveClass(/email-row--unread/);
    await row(page, subjects.plain).click();
    await expect(page.getByRole('heading', { name: subjects.plain })).toBeVisible();
    await expect(tab(page, subjects.plain)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('The bill of lading is attached.')).toBeVisible();
    await expect(page.getByText(/^Read \d{4}-/)).toBeVisible();

    await choose(page, page.getByRole('combobox', { name: 'Type' }), 'Inquiry');
    await expect(page.getByText('Type changed for 1 email')).toBeVisible();
    await page.getByRole('button', { name: /Back$/ }).click();
    await expect(page).toHaveURL(new RegExp(`/email/inbox\\?q=${run}$`));
    await expect(row(page, subjects.plain)).toHaveClass(/email-row--read/);

    await page.goto(`/email/inquiry?q=${run}`);
    await expect(row(page, subjects.plain)).toBeVisible();
    await expect(row(page, subjects.rfq)).toBeVisible();
    await expect(row(page, subjects.promo)).toHaveCount(0);

    // The buyer becomes a customer, filled in from the mail (company from the domain, country from the IP).
    await row(page, subjects.rfq).click();
    await page.getByRole('button', { name: 'Create customer from this sender' }).click();
    const dialog = page.getByRole('dialog', { name: 'New customer from this email' });
    await expect(dialog.getByLabel('Company name')).toHaveValue(BUYER_COMPANY);
    await expect(dialog.getByLabel('Contact name')).toHaveValue('Hans Becker');
    await expect(dialog.getByLabel('Email')).toHaveValue(BUYER);
    await expect(dialog.getByText('Sweden')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(`Customer ${BUYER_COMPANY} created`)).toBeVisible();
    await expect(page.getByRole('link', { name: BUYER_COMPANY })).toHaveAttribute(
      'href',
      /\/customer\/detail\/\d+$/,
    );

    // Reply: the server makes the draft and the user goes on to write it (spec §4).
    await page.getByRole('button', { name: /Reply$/ }).click();
    await expect(page).toHaveURL(/\/email\/emailCreate\/\d+$/);
    await page.goto(`/email/drafts?q=${run}`);
    const draft = row(page, `Re: ${subjects.rfq}`);
    await expect(draft).toBeVisible();
    await expect(draft).toContainText('Hans Becker');
  });

  test('a bulk status change sticks, and the status filter finds it', async ({ page, context }) => {
    await signIn(context);
    await page.goto(`/email/inbox?q=${run}`);
    await expect(row(page, subjects.rfq)).toBeVisible();
    await row(page, subjects.rfq).getByRole('checkbox').check();
    await row(page, subjects.live).getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: 'Actions on the selected rows' });
    await expect(bar).toContainText('2 selected');
    await bar.getByRole('button', { name: 'Status' }).click();
    await page.getByRole('menuitem', { name: 'Following up' }).click();
    await expect(page.getByText('Status changed for 2 emails')).toBeVisible();
    await expect(row(page, subjects.rfq)).toContainText('Following up');

    await page.reload();
    await expect(row(page, subjects.rfq)).toContainText('Following up');
    await expect(row(page, subjects.live)).toContainText('Following up');
    await expect(row(page, subjects.promo)).toContainText('Unhandled');

    await choose(page, page.getByRole('combobox', { name: 'Status' }), 'Following up');
    await expect(page).toHaveURL(/status=follow_up/);
    await expect(rows(page)).toHaveCount(2);
  });

  test('blocking a sender sends their new mail to the trash; the blacklist adds and removes', async ({
    page,
    context,
  }) => {
    await signIn(context);
    await page.goto(`/email/inbox?q=${run}`);
    await row(page, subjects.promo).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Block sender' }).click();
    const dialog = page.getByRole('dialog', { name: 'Block 1 sender' });
    await expect(dialog.getByText(SPAMMER)).toBeVisible();
    await dialog.getByRole('radio', { name: 'Their whole domains' }).check();
    await expect(dialog.getByText(`@promo-${run}.test`)).toBeVisible();
    await dialog.getByPlaceholder('Remark (optional), e.g. why').fill('Newsletters');
    await dialog.getByRole('button', { name: 'Block' }).click();
    await expect(page.getByText('1 sender blocked')).toBeVisible();
    await expect(row(page, subjects.promo)).toHaveCount(0);

    // Their next mail goes straight to the trash.
    await mail.deliver(
      MAILBOX,
      message({
        from: `Deals <deals@promo-${run}.test>`,
        to: MAILBOX,
        subject: subjects.blocked,
        text: 'More deals',
      }),
    );
    await page.goto(`/email/trash?q=${run}`);
    await expect(row(page, subjects.blocked)).toBeVisible({ timeout: 45_000 });
    await expect(row(page, subjects.promo)).toBeVisible();

    // The blacklist screen: the domain is there; add an address, remove both.
    await page.goto('/email/blacklist');
    await expect(page.getByRole('heading', { name: 'Blacklist' })).toBeVisible();
    const domainRow = page.getByRole('row').filter({ hasText: `@promo-${run}.test` });
    await expect(domainRow).toContainText('Newsletters');
    await expect(domainRow).toContainText('Domain');

    const address = `Spam.${run}@Example.test`;
    const form = page.locator('.blacklist-form');
    const add = form.getByRole('button', { name: 'Block' });
    await form.getByLabel('Address or domain').fill('not an address');
    await add.click();
    await expect(
      page.getByText('Enter an address like spam@example.com or a domain like @example.com'),
    ).toBeVisible();
    await form.getByLabel('Address or domain').fill(address);
    await form.getByLabel('Remark').fill('Fake invoices');
    await add.click();
    const addressRow = page.getByRole('row').filter({ hasText: address.toLowerCase() });
    await expect(addressRow).toContainText('Fake invoices');
    await expect(form.getByLabel('Address or domain')).toHaveValue('');
    await shot(page, 'email-blacklist');
    // The same address twice is refused with the server's message.
    await form.getByLabel('Address or domain').fill(address);
    await add.click();
    await expect(page.locator('.ant-message-notice-error')).toBeVisible();

    for (const entry of [addressRow, domainRow]) {
      await entry.getByRole('button', { name: /^Unblock / }).click();
      await page.getByRole('tooltip').getByRole('button', { name: 'Unblock' }).click();
      await expect(entry).toHaveCount(0);
    }
  });

  test('the mail screens in Chinese', async ({ page, context }) => {
    const token = await signIn(context);
    await context.addCookies([{ name: 'language', value: 'zh', url: BASE_URL }]);
    const { items } = await api<{ items: { id: number; subject: string }[] }>(
      page.request,
      'GET',
      `/api/email/list/?folder=inbox&q=${encodeURIComponent(subjects.plain)}`,
      { token },
    );
    expect(items).toHaveLength(1);
    await page.goto(`/email/inbox?q=${run}`);
    await expect(page.getByRole('heading', { name: '收件箱' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: '主题' })).toBeVisible();
    await expect(row(page, subjects.rfq)).toContainText('跟进中');
    await shot(page, 'email-inbox-zh');
    await page.goto(`/email/emailDetail/${items[0]?.id}`);
    await expect(page.getByText('处理', { exact: true })).toBeVisible();
    await shot(page, 'email-detail-zh');
  });
});
