import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import PostalMime from 'postal-mime';
import { startSmtp, type TestSmtp } from '../apps/server/test/mail/smtp';
import { type MailServer, message, PASSWORD, startMailServer } from './dovecot';
import { ADMIN, api, apiLogin, BASE_URL, shot, signIn, tab } from './support';

/**
 * The email editor, end to end: a reply to a message delivered to a real Dovecot, written in the
 * browser (text, a pasted picture and table, an attachment), sent through a real SMTP server that
 * delivers to Dovecot, and found in the outbox and the customer's history. Drafts survive a
 * reload (server save, and the browser's copy when the server did not get the last words), a
 * change made elsewhere is never overwritten silently, and Undo brings a sent email back.
 */

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const MAILBOX = `export.${run}@example.test`;
const BUYER = `m.rossi.${run}@example.test`;
const SUBJECT = `RFQ folding chairs ${run}`;
const COLLEAGUE = `g.bianchi.${run}@example.test`;
const SIGNATURE = 'Anna Li\nExport sales, Quayside Trading';

const TABLE_HTML =
  '<table><tr><td>Model</td><td>FOB Ningbo</td></tr><tr><td>QS-100</td><td>4.20</td></tr></table>';

let mail: MailServer;
let smtp: TestSmtp;
let token: string;
let accountId: number;
let customerId: number;
let sourceId: number;

type Draft = { id: number; version: string; html: string; subject: string; attachment_ids: number[] };

async function withApi<T>(fn: (ctx: APIRequestContext) => Promise<T>): Promise<T> {
  const ctx = await request.newContext();
  try {
    return await fn(ctx);
  } finally {
    await ctx.dispose();
  }
}

const call = <T>(method: 'GET' | 'POST', path: string, data?: unknown) =>
  withApi((ctx) => api<T>(ctx, method, path, { token, data }));

/** A reply to the buyer's message, made by the server like the Reply button does. */
const newReply = () =>
  call<{ id: number; version: string }>('GET', `/api/email/compose/?mode=reply&id=${sourceId}`);

const editor = (page: Page) => page.locator('.compose-editor__content');
const outboxRow = (page: Page, subject: string) =>
  page.locator('.email-list tr.email-row').filter({ hasText: subject });

/** Types at the top of the message (above the signature and the quote). */
async function typeAtTop(page: Page, text: string) {
  await editor(page).locator('> p').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(text);
}

async function waitForSaved(page: Page) {
  await expect(page.getByTestId('save-status')).toContainText(/Saved at|已于/);
}

/**
 * Dispatches a paste into the editor: a screenshot (a small chart drawn in the page), or a
 * spreadsheet's HTML with its text.
 */
async function paste(page: Page, data: { picture?: boolean; html?: string; text?: string }) {
  await editor(page).evaluate(async (el, d) => {
    const dt = new DataTransfer();
    if (d.picture) {
      const canvas = document.createElement('canvas');
      canvas.width = 360;
      canvas.height = 140;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      ctx.fillStyle = '#f8fafc';
      ctx.fillRect(0, 0, 360, 140);
      ctx.font = '13px sans-serif';
      ctx.fillStyle = '#334155';
      ctx.fillText('Monthly capacity, folding chairs (k pcs)', 12, 22);
      [40, 62, 55, 80, 96, 88].forEach((h, i) => {
        ctx.fillStyle = i === 4 ? '#2563eb' : '#93c5fd';
        ctx.fillRect(24 + i * 54, 130 - h, 36, h);
      });
      const blob = await new Promise<Blob>((resolve) =>
        canvas.toBlob((b) => resolve(b as Blob), 'image/png'),
      );
      dt.items.add(new File([blob], 'capacity.png', { type: 'image/png' }));
    }
    if (d.html) dt.setData('text/html', d.html);
    if (d.text) dt.setData('text/plain', d.text);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, data);
}

/** The page from its top, for a screenshot. */
async function scrollToTop(page: Page) {
  await page.locator('.app-main').evaluate((el) => el.scrollTo(0, 0));
}

/** Drags a file of `size` bytes (made in the page) onto the editor page and drops it. */
async function dropOnPage(page: Page, file: { name: string; type: string; size: number }) {
  await page.locator('.compose-page').evaluate((el, f) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(f.size)], f.name, { type: f.type }));
    for (const type of ['dragenter', 'dragover', 'drop']) {
      el.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
    }
  }, file);
}

test.describe('the email editor', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  test.beforeAll(async () => {
    mail = await startMailServer();
    // The account's SMTP server: accepts and delivers to Dovecot, like a real relay.
    smtp = await startSmtp(async (m) => {
      for (const to of m.to) await mail.deliver(to, m.raw.toString('latin1'));
    });
    token = await apiLogin(ADMIN);
    const account = await call<{ id: number }>('POST', '/api/email/update_email_account/', {
      address: MAILBOX,
      name: 'Anna Li',
      imap_host: mail.host,
      imap_port: mail.port,
      imap_secure: false,
      imap_user: MAILBOX,
      imap_password: PASSWORD,
      smtp_host: '127.0.0.1',
      smtp_port: smtp.port,
      smtp_secure: false,
      signature: SIGNATURE,
    });
    accountId = account.id;
    const customer = await call<{ id: number }>('POST', '/api/customer/create/', {
      company_name: `Rossi Arredamenti ${run}`,
      name: 'Marco Rossi',
      email: BUYER,
    });
    customerId = customer.id;
    await call('POST', '/api/customer/create/', {
      company_name: `Rossi Arredamenti ${run}`,
      name: 'Giulia Bianchi',
      email: COLLEAGUE,
    });
    await mail.deliver(
      MAILBOX,
      message({
        from: `Marco Rossi <${BUYER}>`,
        to: MAILBOX,
        subject: SUBJECT,
        text: 'Dear Anna,\n\nplease quote 500 folding chairs FOB Ningbo.\n\nBest regards,\nMarco',
        html: '<p>Dear Anna,</p><p>please quote <b>500 folding chairs</b> FOB Ningbo.</p><p>Best regards,<br>Marco</p>',
      }),
    );
    await expect
      .poll(
        async () => {
          const list = await call<{ items: { id: number }[] }>(
            'GET',
            `/api/email/list/?folder=inbox&q=${encodeURIComponent(SUBJECT)}`,
          );
          sourceId = list.items[0]?.id ?? 0;
          return sourceId;
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
  });

  test.afterAll(async () => {
    await smtp?.close();
    await mail?.stop();
  });

  test('reply with text, a picture, a table and a file; send; it leaves and shows in the outbox and history', async ({
    page,
    context,
  }) => {
    await signIn(context);
    await page.goto(`/email/emailDetail/${sourceId}`);
    await page.getByRole('button', { name: /Reply$/ }).click();
    await expect(page).toHaveURL(/\/email\/emailCreate\/\d+$/);
    await expect(page).toHaveTitle('Compose - Quayside');

    // Filled in by the server: the sender, "Re:", the account's signature, the quoted message.
    await expect(page.locator('#compose-subject')).toHaveValue(`Re: ${SUBJECT}`);
    await expect(page.locator('.address-tag')).toHaveText(['Marco Rossi']);
    await expect(editor(page).locator('.qs-signature')).toContainText('Export sales, Quayside Trading');
    const quote = page.getByTestId('compose-quote');
    await expect(quote.frameLocator('iframe').getByText('500 folding chairs')).toBeVisible();
    // Opening a draft changes nothing: nothing to save yet.
    await expect(page.getByTestId('save-status')).toContainText('Saved at');

    await typeAtTop(page, 'Dear Marco, thank you for your inquiry. Please find our offer attached.');
    // A spreadsheet's cells stay a table; a screenshot goes into the text.
    await page.keyboard.press('Enter');
    await paste(page, { html: TABLE_HTML, text: 'Model\tFOB Ningbo\nQS-100\t4.20' });
    await expect(editor(page).locator('table td')).toHaveText(['Model', 'FOB Ningbo', 'QS-100', '4.20']);
    await typeAtTop(page, ' Our factory:');
    await paste(page, { picture: true });
    await expect(editor(page).locator('img[src^="data:image/png;base64,"]')).toHaveCount(1);

    // A file picked uploads with its progress.
    await page.getByTestId('compose-file-input').setInputFiles({
      name: 'offer-folding-chairs.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('model,qty,price\nQS-100,500,4.20\n'),
    });
    const file = page.getByTestId('compose-file').filter({ hasText: 'offer-folding-chairs.csv' });
    await expect(file).toContainText('32 B');
    await waitForSaved(page);
    await page.setViewportSize({ width: 1440, height: 1280 });
    await scrollToTop(page);
    await shot(page, 'compose-reply-en');
    await page.setViewportSize({ width: 1440, height: 900 });

    // A file too big for the server, dropped on the page, is refused at once, in words.
    await dropOnPage(page, { name: 'factory-video.mp4', type: 'video/mp4', size: 25 * 1024 * 1024 + 1 });
    await expect(page.locator('.ant-message')).toContainText(
      'factory-video.mp4 is too big to attach (25.00 MB): the limit is 25 MB per file.',
    );
    const big = page.getByTestId('compose-file').filter({ hasText: 'factory-video.mp4' });
    await expect(big).toContainText('the limit is 25 MB');
    await big.getByRole('button', { name: 'Remove factory-video.mp4' }).click();
    await expect(big).toHaveCount(0);

    await page.getByRole('button', { name: /^send Send$/ }).click();
    await expect(page).toHaveURL(/\/email\/outbox$/);
    await expect(page.locator('.ant-notification')).toContainText(/Sending in \d+ s/);
    const row = outboxRow(page, `Re: ${SUBJECT}`);
    await expect(row).toBeVisible();
    // On its way for the 10 s undo window; a loaded machine may show the list only once it is sent.
    await expect(row).toContainText(/Sending…|Sent/);
    // After the undo window, the job sends it (the list watches rows on their way).
    await expect(row.locator('.send-state')).toHaveCount(0, { timeout: 60_000 });

    const sent = smtp.received.find((m) => m.to.includes(BUYER));
    expect(sent, 'the SMTP server got the reply').toBeDefined();
    const parsed = await PostalMime.parse(sent?.raw ?? Buffer.alloc(0));
    expect(parsed.subject).toBe(`Re: ${SUBJECT}`);
    expect(parsed.html).toContain('thank you for your inquiry');
    expect(parsed.html).toContain('Export sales, Quayside Trading');
    expect(parsed.html).toContain('500 folding chairs');
    expect(parsed.html).toMatch(/<td[^>]*>(<p>)?QS-100(<\/p>)?<\/td>/);
    expect(parsed.attachments.map((a) => a.filename)).toContain('offer-folding-chairs.csv');
    // The pasted picture travels inside the message: a data: URL, or a cid: part when the MIME
    // builder turns data: URLs into inline attachments.
    const inlineImage =
      /<img[^>]+src="data:image\/png;base64,/.test(parsed.html ?? '') ||
      parsed.attachments.some((a) => a.mimeType === 'image/png' && a.contentId);
    expect(inlineImage, 'the pasted picture is in the message').toBe(true);
    test.info().annotations.push({
      type: 'pasted picture',
      description: /src="cid:/.test(parsed.html ?? '') ? 'cid: part' : 'data: URL in the HTML',
    });
    await shot(page, 'compose-outbox-sent');

    // The customer's page lists it among the emails with them.
    await page.goto(`/customer/detail/${customerId}`);
    await expect(page.locator('.email-history')).toContainText(`Re: ${SUBJECT}`);
  });

  test('write from the customer page and from the top bar; an overlay says the email is being created', async ({
    page,
    context,
  }) => {
    await signIn(context);
    // The draft takes a moment to make: the overlay of spec §4 covers the page meanwhile.
    await page.route('**/api/email/compose/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto(`/customer/detail/${customerId}`);
    await page.getByRole('button', { name: BUYER }).click();
    await expect(page.getByText('Creating the email, please wait…')).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/compose-overlay.png' });
    await expect(page).toHaveURL(/\/email\/emailCreate\/\d+$/);
    const fromCustomer = page.url();
    await expect(page.locator('.address-tag')).toHaveText(['Marco Rossi']);
    await expect(page.locator('#compose-subject')).toHaveValue('');
    await expect(page.getByText('Creating the email, please wait…')).toHaveCount(0);
    // The tab reads like the editor's heading: the subject, once there is one.
    await expect(tab(page, 'New message')).toHaveAttribute('aria-selected', 'true');
    await page.locator('#compose-subject').fill('Samples for Marco');
    await expect(tab(page, 'Samples for Marco')).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('button', { name: 'Write an email' }).click();
    await expect(page).not.toHaveURL(fromCustomer);
    await expect(page).toHaveURL(/\/email\/emailCreate\/\d+$/);
    // The first draft stays open in its own tab (kept alive, hidden): look at the page shown.
    await expect(page.locator('.address-tag:visible')).toHaveCount(0);
    await expect(page.locator('.compose-editor__content:visible .qs-signature')).toContainText(
      'Export sales, Quayside Trading',
    );
  });

  test('recipients: completion, a pasted list, a malformed and a blacklisted address', async ({
    page,
    context,
  }) => {
    await signIn(context);
    await call('POST', '/api/email/add_black_list/', { value: `@spam-${run}.test`, remark: 'e2e' });
    const { id } = await newReply();
    await page.goto(`/email/emailCreate/${id}`);

    // Cc appears on a click; typing part of a name offers the customer, Enter takes it. Someone
    // already among the recipients is not offered again.
    await page.getByRole('button', { name: 'Cc', exact: true }).click();
    const cc = page.locator('#compose-cc');
    await cc.click();
    const options = page.locator('.ant-select-dropdown:visible .address-option');
    await page.keyboard.type('Marco Ro');
    await expect(page.locator('.ant-select-dropdown:visible')).toContainText('Add “Marco Ro”');
    await expect(options.filter({ hasText: BUYER })).toHaveCount(0);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Giulia');
    await expect(options.filter({ hasText: COLLEAGUE })).toContainText('Customer');
    await page.keyboard.press('Enter');
    const ccTags = page.locator('.compose-row').filter({ has: cc }).locator('.address-tag');
    await expect(ccTags).toHaveText(['Giulia Bianchi']);

    // A pasted list becomes one tag per address; a malformed one shows red and is named below.
    await page.getByRole('button', { name: 'Bcc', exact: true }).click();
    const bcc = page.locator('#compose-bcc');
    await bcc.click();
    await bcc.evaluate((el, text) => {
      const dt = new DataTransfer();
      dt.setData('text/plain', text);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    }, `"Lee, Ann" <ann@lee-${run}.test>; offers@spam-${run}.test, not-an-address`);
    const bccRow = page.locator('.compose-row').filter({ has: bcc });
    await expect(bccRow.locator('.address-tag')).toHaveText([
      'Lee, Ann',
      `offers@spam-${run}.test`,
      'not-an-address',
    ]);
    await expect(bccRow.locator('.address-tag[data-invalid]')).toHaveText(['not-an-address']);
    await expect(bccRow).toContainText('Not a valid email address: not-an-address');

    // Sending is refused until it is fixed; removing it leaves the blacklist warning.
    await page.getByRole('button', { name: /^send Send$/ }).click();
    await expect(bccRow).toContainText('Fix or remove the address not-an-address');
    await bccRow.locator('.address-tag[data-invalid] .ant-tag-close-icon').click();
    await expect(bccRow).toContainText(`On the blacklist: offers@spam-${run}.test`);
    await shot(page, 'compose-recipients');
    // The draft keeps the well-formed ones.
    await expect
      .poll(
        async () =>
          (await call<{ bcc: { address: string }[] }>('GET', `/api/email/draft/?id=${id}`)).bcc.length,
      )
      .toBe(2);
  });

  test('a draft survives a reload: saved to the server, and the last words kept by the browser', async ({
    page,
    context,
  }) => {
    await signIn(context);
    const { id } = await newReply();
    await page.goto(`/email/emailCreate/${id}`);
    await typeAtTop(page, 'Saved on the server.');
    await waitForSaved(page);
    await page.reload();
    await expect(editor(page)).toContainText('Saved on the server.');
    await expect(page.getByTestId('draft-restore')).toHaveCount(0);

    // The server stops answering: what is typed next lives in the browser's copy only.
    await context.route('**/api/email/save_draft/', (route) => route.abort('connectionfailed'));
    await editor(page).locator('> p').first().click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Typed while offline.');
    await expect(page.getByTestId('save-status')).toContainText('Not saved', { timeout: 10_000 });
    // The tab goes as in a crash: nothing more reaches the server from it.
    await page.evaluate(() => {
      window.fetch = () => Promise.reject(new TypeError('crashed'));
    });
    await page.close({ runBeforeUnload: false });

    const again = await context.newPage();
    await again.goto(`/email/emailCreate/${id}`);
    const offer = again.getByTestId('draft-restore');
    await expect(offer).toContainText('This browser kept changes to this draft');
    await expect(editor(again)).not.toContainText('Typed while offline.');
    await shot(again, 'compose-restore-offer');
    await offer.getByRole('button', { name: 'Restore them' }).click();
    await expect(editor(again)).toContainText('Saved on the server. Typed while offline.');

    // Back online, the restored text goes to the server.
    await context.unroute('**/api/email/save_draft/');
    await waitForSaved(again);
    const stored = await call<Draft>('GET', `/api/email/draft/?id=${id}`);
    expect(stored.html).toContain('Saved on the server. Typed while offline.');
  });

  test('a change made elsewhere is not overwritten: load theirs or keep mine', async ({ page, context }) => {
    await signIn(context);
    const { id } = await newReply();
    await page.goto(`/email/emailCreate/${id}`);
    await typeAtTop(page, 'Mine.');
    await waitForSaved(page);

    // Another tab saves the draft.
    const stored = await call<Draft>('GET', `/api/email/draft/?id=${id}`);
    await call('POST', '/api/email/save_draft/', {
      ...stored,
      subject: 'Changed in another tab',
      html: '<p>Theirs.</p>',
    });

    await page.keyboard.type(' And more of mine.');
    const conflict = page.getByTestId('draft-conflict');
    await expect(conflict).toContainText('This draft was changed in another tab or by someone else');
    await expect(editor(page)).toContainText('Mine. And more of mine.');
    await conflict.getByRole('button', { name: 'Keep mine (overwrite)' }).click();
    await waitForSaved(page);
    await expect(conflict).toHaveCount(0);
    const kept = await call<Draft>('GET', `/api/email/draft/?id=${id}`);
    expect(kept.html).toContain('Mine. And more of mine.');
  });

  test('undo send brings the email back to the editor with its text', async ({ page, context }) => {
    await signIn(context);
    const { id } = await newReply();
    await page.goto(`/email/emailCreate/${id}`);
    await typeAtTop(page, 'Please hold this one.');
    // What is tested is that Undo brings the email back, not the race with the 10 s window: on a
    // loaded two-core CI machine the press once came after it. The server holds this one 60 s, and
    // the notice counts down the server's window (its answer's undo_seconds), not its own 10 s.
    await page.route('**/api/email/send_email/', (route) =>
      route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), undo_seconds: 60 }) }),
    );
    // Ctrl+Enter sends.
    await page.keyboard.press('Control+Enter');
    await expect(page).toHaveURL(/\/email\/outbox$/);
    const notice = page.locator('.ant-notification-notice');
    await expect(notice).toContainText(/Sending in (60|[3-5]\d) s/);
    await notice.getByRole('button', { name: 'Undo' }).click();
    await expect(page).toHaveURL(new RegExp(`/email/emailCreate/${id}$`));
    await expect(page.getByText('Sending cancelled: the email is back in the editor')).toBeVisible();
    await expect(editor(page)).toContainText('Please hold this one.');
    await expect(page.locator('#compose-subject')).toHaveValue(`Re: ${SUBJECT}`);
    await page.waitForTimeout(12_000);
    expect(smtp.received.filter((m) => m.raw.toString().includes('Please hold this one'))).toHaveLength(0);
  });

  test('send later: scheduled in the outbox, and cancelled back to the editor', async ({ page, context }) => {
    await signIn(context);
    const { id } = await newReply();
    await page.goto(`/email/emailCreate/${id}`);
    await typeAtTop(page, 'For tomorrow morning.');
    await page.getByRole('button', { name: 'Send later' }).click();
    await page.getByRole('menuitem', { name: /Tomorrow morning/ }).click();
    await expect(page).toHaveURL(/\/email\/outbox$/);
    await expect(page.locator('.ant-notification-notice')).toContainText('Scheduled for');
    const stored = await call<{ items: { id: number; send_status: string; send_at: string | null }[] }>(
      'GET',
      `/api/email/list/?folder=outbox&q=${encodeURIComponent(SUBJECT)}`,
    );
    const scheduled = stored.items.find((e) => e.id === id);
    expect(scheduled?.send_status).toBe('queued');
    expect(new Date(scheduled?.send_at ?? 0).getHours()).toBe(8);

    await page.locator('.ant-notification-notice-close').click();
    const row = page.locator('.email-list tr.email-row').filter({ has: page.getByText(/^Scheduled for/) });
    await expect(row.first()).toBeVisible();
    await shot(page, 'compose-outbox-scheduled');
    await row.first().getByRole('button', { name: 'Cancel sending' }).click();
    await expect(page).toHaveURL(new RegExp(`/email/emailCreate/${id}$`));
    await expect(editor(page)).toContainText('For tomorrow morning.');
  });

  test('a refused send shows its reason in the outbox, and Retry now sends it', async ({ page, context }) => {
    await signIn(context);
    const { id } = await newReply();
    const draft = await call<Draft>('GET', `/api/email/draft/?id=${id}`);
    smtp.replies.push({ code: 550, text: 'Mailbox unavailable' });
    await call('POST', '/api/email/send_email/', {
      id,
      version: draft.version,
      subject: `Refused ${run}`,
      undo_seconds: 0,
    });
    await page.goto(`/email/outbox?q=${encodeURIComponent(`Refused ${run}`)}`);
    const row = outboxRow(page, `Refused ${run}`);
    await expect(row.getByTestId('send-failed')).toBeVisible({ timeout: 45_000 });
    await row.getByTestId('send-failed').hover();
    await expect(page.getByRole('tooltip')).toContainText('Mailbox unavailable');
    await shot(page, 'compose-outbox-failed');
    await row.getByRole('button', { name: 'Retry now' }).click();
    await expect(row.getByTestId('send-failed')).toHaveCount(0);
    await expect(row.locator('.send-state')).toHaveCount(0, { timeout: 45_000 });
  });

  test('the editor in Chinese, with a reply quote and an attachment', async ({ page, context }) => {
    await signIn(context);
    await context.addCookies([{ name: 'language', value: 'zh', url: BASE_URL }]);
    const { id } = await newReply();
    const uploaded = await withApi(async (ctx) => {
      const res = await ctx.post(`${BASE_URL}/api/file/upload/`, {
        headers: { 'X-Token': token },
        multipart: {
          file: {
            name: '报价单-折叠椅.pdf',
            mimeType: 'application/pdf',
            buffer: Buffer.from('%PDF-1.4\n%…\n'),
          },
        },
      });
      return ((await res.json()) as { data: { id: number } }).data;
    });
    const draft = await call<Draft>('GET', `/api/email/draft/?id=${id}`);
    await call('POST', '/api/email/save_draft/', {
      ...draft,
      account_id: accountId,
      html: draft.html.replace('<p></p>', '<p>Marco 您好，报价单见附件，请查收。</p>'),
      attachment_ids: [uploaded.id],
    });
    await page.goto(`/email/emailCreate/${id}`);
    await expect(page.getByText('收件人')).toBeVisible();
    await expect(page.getByTestId('compose-file')).toContainText('报价单-折叠椅.pdf');
    await expect(
      page.getByTestId('compose-quote').frameLocator('iframe').getByText('500 folding chairs'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /发送$/ }).first()).toBeVisible();
    await expect(page.getByTestId('save-status')).toContainText('已于');
    await page.setViewportSize({ width: 1440, height: 1100 });
    await shot(page, 'compose-reply-zh');
  });
});
