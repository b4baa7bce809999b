import { expect, type Page, request, test } from '@playwright/test';
import PostalMime from 'postal-mime';
import { startSmtp, type TestSmtp } from '../apps/server/test/mail/smtp';
import { ADMIN, api, apiLogin, SECOND_ADMIN, shot, signIn, tab } from './support';

/**
 * The new-task screen's extras: a file attached (and another removed), working hours of a time zone,
 * a test sent to oneself that arrives at the SMTP server with its "[Test] " subject, merged for a
 * customer, with the file; then the saved draft opened for editing, its attachment dropped.
 */

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const SENDER = `hours.${run}@example.test`;
const GRETA = `greta.${run}@buyers.test`;
const NAME = `Working hours ${run}`;
/** A salesman of this run alone: the owner filter then picks exactly his two customers. */
const OWEN = { username: `owen.${run}`, password: 'owen-pass-1', name: `Owen ${run}` };

let smtp: TestSmtp;
let adminToken = '';

/** The page shown (open tabs keep their pages mounted). */
const shown = (page: Page) => page.locator('.page:visible').last();

test.describe('task create extras', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  test.beforeAll(async () => {
    smtp = await startSmtp();
    adminToken = await apiLogin(ADMIN);
    const ctx = await request.newContext();
    try {
      await api(ctx, 'POST', '/api/email/update_email_account/', {
        token: adminToken,
        data: {
          address: SENDER,
          name: 'Harbour Sales',
          imap_host: '127.0.0.1',
          imap_port: 1,
          imap_secure: false,
          imap_user: SENDER,
          imap_password: 'unused',
          smtp_host: '127.0.0.1',
          smtp_port: smtp.port,
          smtp_secure: false,
        },
      });
      await api(ctx, 'POST', '/api/customer/create/', {
        token: adminToken,
        data: { company_name: `Greta GmbH ${run}`, name: 'Greta', email: GRETA },
      });
      const owen = await api<{ id: number }>(ctx, 'POST', '/api/user/create/', {
        token: adminToken,
        data: { ...OWEN, roles: ['editor'] },
      });
      for (const n of [1, 2])
        await api(ctx, 'POST', '/api/customer/create/', {
          token: adminToken,
          data: { name: `Owen's buyer ${n}`, email: `owen${n}.${run}@buyers.test`, owner_id: owen.id },
        });
    } finally {
      await ctx.dispose();
    }
  });

  test.afterAll(async () => {
    await smtp?.close();
  });

  test('attach a file, keep to working hours, send a test to me; then edit the draft', async ({
    page,
    context,
  }) => {
    await signIn(context, SECOND_ADMIN);
    await page.goto('/task/create');
    const form = shown(page);
    await form.getByLabel('Name', { exact: true }).fill(NAME);
    await form.getByLabel('Sending account').click();
    await page.locator('.ant-select-item-option').filter({ hasText: SENDER }).click();
    await form.getByLabel('Pasted addresses').fill(GRETA);
    // The count follows the recipients as they are chosen: Greta, then Owen's two customers too.
    const count = form.getByRole('status').filter({ hasText: 'will get it' });
    await expect(count).toContainText('1 recipient will get it; 0 left out');
    await form.getByText("Customers chosen by the customer list's filters").click();
    await form.getByRole('combobox', { name: 'Owner' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: OWEN.name }).click();
    await expect(count).toContainText('3 recipients will get it; 0 left out');
    await count.scrollIntoViewIfNeeded();
    await shot(page, 'task-create-owner-filter');
    await form.getByText("Customers chosen by the customer list's filters").click();
    await expect(count).toContainText('1 recipient will get it; 0 left out');
    await form.getByLabel('Subject').fill('Price list for {{company_name|you}}');
    const body = form.getByRole('textbox', { name: 'Message body' });
    await body.click();
    await body.pressSequentially('Dear {{name|Sir or Madam}}, our prices are attached.');

    // Two files attached, one of them taken off again.
    const input = form.getByTestId('task-file-input');
    await input.setInputFiles([
      { name: `prices-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from('model,fob\nQS-1,12.50\n') },
      { name: 'wrong.txt', mimeType: 'text/plain', buffer: Buffer.from('not this one') },
    ]);
    const files = form.getByTestId('compose-file');
    await expect(files).toHaveCount(2);
    await expect(files.filter({ hasText: `prices-${run}.csv` })).toHaveAttribute('aria-busy', 'false');
    await form.getByRole('button', { name: 'Remove wrong.txt' }).click();
    await expect(files).toHaveCount(1);
    await expect(form.getByText('Up to 25 MB a file')).toBeVisible();
    await form.getByTestId('compose-file').scrollIntoViewIfNeeded();
    await shot(page, 'task-create-attachment');

    // Working hours: Tokyo, Monday to Thursday, 10:00–16:00.
    await form.getByRole('spinbutton', { name: 'Interval' }).fill('15');
    await form.getByRole('checkbox', { name: 'Only within working hours of a time zone' }).check();
    const zone = form.getByRole('combobox', { name: 'Time zone' });
    await zone.click();
    await zone.fill('Asia/Tokyo');
    await page.locator('.ant-select-item-option[title="Asia/Tokyo"]').click();
    await form.getByRole('checkbox', { name: 'Fri' }).uncheck();
    await form.getByPlaceholder('From').click();
    await form.getByPlaceholder('From').fill('10:00');
    await form.getByPlaceholder('To').click();
    await form.getByPlaceholder('To').fill('16:00');
    await form.getByPlaceholder('To').press('Enter');

    // The test, merged for Greta, goes to the sending account's own address.
    await form.getByLabel('Preview for an address').fill(GRETA);
    const before = smtp.received.length;
    await form.getByRole('button', { name: 'Send test to me' }).click();
    await expect(form.getByRole('status').filter({ hasText: 'Test sent to' })).toContainText(
      `Test sent to ${SENDER}`,
    );
    await expect.poll(() => smtp.received.length).toBe(before + 1);
    const test = smtp.received.at(-1)!;
    expect(test.to).toEqual([SENDER]);
    const mail = await PostalMime.parse(test.raw);
    expect(mail.subject).toBe(`[Test] Price list for Greta GmbH ${run}`);
    expect(mail.html).toContain('Dear Greta,');
    expect(mail.attachments.map((a) => a.filename)).toEqual([`prices-${run}.csv`]);
    expect(smtp.received.filter((m) => m.to.includes(GRETA))).toHaveLength(0);
    await shot(page, 'task-create-extras');

    await form.getByRole('button', { name: 'Save as draft' }).click();
    await expect(page).toHaveURL(/\/task\/detail\/\d+$/);
    const id = Number(page.url().split('/').at(-1));
    const ctx = await request.newContext();
    try {
      const saved = await api<{
        working_hours: unknown;
        attachments: { name: string }[];
        sent: number;
        pending: number;
      }>(ctx, 'GET', `/api/task/detail/?id=${id}`, { token: adminToken });
      expect(saved.working_hours).toEqual({
        time_zone: 'Asia/Tokyo',
        days: [1, 2, 3, 4],
        start: '10:00',
        end: '16:00',
      });
      expect(saved.attachments.map((a) => a.name)).toEqual([`prices-${run}.csv`]);
      expect(saved).toMatchObject({ sent: 0, pending: 1 });
    } finally {
      await ctx.dispose();
    }

    // Edit the draft: the form comes back as saved; the attachment is dropped.
    const detail = shown(page);
    await expect(detail.locator('.ant-descriptions')).toContainText(
      'Working hoursMon, Tue, Wed, Thu, 10:00–16:00 (Asia/Tokyo)',
    );
    await shot(page, 'task-detail-hours');
    await detail.getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/task/create\\?id=${id}$`));
    await expect(tab(page, `Edit task: ${NAME}`)).toBeVisible();
    const edit = shown(page);
    await expect(edit.getByLabel('Name', { exact: true })).toHaveValue(NAME);
    await expect(edit.getByText('1 recipient, chosen when the task was created')).toBeVisible();
    await expect(edit.getByRole('textbox', { name: 'Message body' })).toContainText(
      'our prices are attached',
    );
    await expect(edit.getByTestId('compose-file')).toContainText(`prices-${run}.csv`);
    await expect(
      edit.getByRole('checkbox', { name: 'Only within working hours of a time zone' }),
    ).toBeChecked();
    await expect(edit.locator('.task-hours')).toContainText('Asia/Tokyo');
    await shot(page, 'task-edit');
    await edit.getByRole('button', { name: `Remove prices-${run}.csv` }).click();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/task\/detail\/\d+$/);
    const ctx2 = await request.newContext();
    try {
      const changed = await api<{ attachment_ids: number[]; working_hours: { time_zone: string } }>(
        ctx2,
        'GET',
        `/api/task/detail/?id=${id}`,
        { token: adminToken },
      );
      expect(changed.attachment_ids).toEqual([]);
      expect(changed.working_hours.time_zone).toBe('Asia/Tokyo');
    } finally {
      await ctx2.dispose();
    }
  });
});
