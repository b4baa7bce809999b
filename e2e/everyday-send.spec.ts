import { expect, request, test } from '@playwright/test';
import { ADMIN, api, apiLogin, SECOND_ADMIN, shot, signIn } from './support';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a mail that cannot be sent says why, when it tries again, and offers Retry now and Cancel', async ({
  page,
  context,
}) => {
  // An admin of its own: the outbox search this test leaves behind is remembered for its user only.
  const token = await signIn(context, SECOND_ADMIN);
  const id = unique();
  const subject = `Cannot leave ${id}`;
  const ctx = await request.newContext();
  // A mailbox whose server refuses every connection (nothing listens on port 1).
  const account = await api<{ id: number }>(ctx, 'POST', '/api/email/update_email_account/', {
    token,
    data: {
      address: `nowhere.${id}@e2e.test`,
      name: 'Nowhere',
      imap_host: '127.0.0.1',
      imap_port: 1,
      imap_secure: false,
      imap_user: 'nowhere',
      imap_password: 'unused',
      smtp_host: '127.0.0.1',
      smtp_port: 1,
      smtp_secure: false,
      smtp_user: 'nowhere',
      smtp_password: 'unused',
      enabled: true,
    },
  });
  try {
    const draft = await api<{ id: number }>(ctx, 'GET', '/api/email/compose/?mode=new', { token });
    await api(ctx, 'POST', '/api/email/send_email/', {
      token,
      data: {
        id: draft.id,
        account_id: account.id,
        to: ['Buyer <buyer@e2e.test>'],
        subject,
        undo_seconds: 0,
      },
    });
    await expect
      .poll(
        async () =>
          (await api<{ send_error: string }>(ctx, 'GET', `/api/email/detail/?id=${draft.id}`, { token }))
            .send_error,
        {
          timeout: 30_000,
        },
      )
      .not.toBe('');

    // The outbox remembers the admin's last search, which tests running alongside change: search ours.
    await page.goto(`/email/outbox?q=${encodeURIComponent(subject)}`);
    const row = page.locator('.app-main__pane:not([hidden]) tr.ant-table-row').filter({ hasText: subject });
    // Between two tries the row is "sending" for a moment (the next try comes 30 s after a refusal,
    // sooner than a loaded machine may reach this line): the refused state shows again once it fails.
    await expect(async () => {
      await expect(row.getByText('The mail server refused the connection')).toBeVisible({ timeout: 2000 });
      await expect(row.getByText(/Next try/)).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 45_000 });
    await expect(row.getByRole('button', { name: 'Retry now' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Cancel sending' })).toBeVisible();
    await shot(page, 'everyday-outbox-refused');

    // Its page says the same, keeps Outbox highlighted, and its breadcrumb ends in the subject.
    await row.getByRole('link', { name: subject }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Not sent yet' });
    await expect(alert.getByText('The mail server refused the connection')).toBeVisible();
    await expect(page.locator('.app-sidebar .ant-menu-item-selected')).toHaveText('Outbox');
    await expect(page.locator('.navbar__breadcrumb li').last()).toHaveText(subject);
    await shot(page, 'everyday-detail-refused');

    await alert.getByRole('button', { name: 'Retry now' }).click();
    await expect(page.getByText('1 email queued again')).toBeVisible();
    // The new try is refused at once: the page says so again.
    await expect(async () => {
      await page.reload();
      await expect(alert.getByText('The mail server refused the connection')).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 60_000 });
    await alert.getByRole('button', { name: 'Cancel sending' }).click();
    await expect(page).toHaveURL(new RegExp(`/email/emailCreate/${draft.id}$`));
  } finally {
    await api(ctx, 'POST', '/api/email/update_email_account/', {
      token,
      data: {
        id: account.id,
        address: `nowhere.${id}@e2e.test`,
        imap_host: '127.0.0.1',
        imap_user: 'nowhere',
        enabled: false,
      },
    }).catch(() => undefined);
    await ctx.dispose();
  }
});

test('an admin may reply to any mail: with no account that can send, compose opens and says so', async ({
  page,
  context,
}) => {
  const token = await signIn(context);
  const id = unique();
  const ctx = await request.newContext();
  const account = await api<{ id: number }>(ctx, 'POST', '/api/email/update_email_account/', {
    token,
    data: {
      address: `off.${id}@e2e.test`,
      imap_host: '127.0.0.1',
      imap_port: 1,
      imap_secure: false,
      imap_user: 'off',
      imap_password: 'unused',
      enabled: false,
    },
  });
  try {
    // A draft on a switched-off account (an admin may write one).
    const draft = await api<{ id: number; version: string }>(ctx, 'GET', '/api/email/compose/?mode=new', {
      token,
    });
    await api(ctx, 'POST', '/api/email/save_draft/', {
      token,
      data: { id: draft.id, version: draft.version, account_id: account.id, subject: `Reply ${id}` },
    });
    await page.goto(`/email/emailCreate/${draft.id}`);
    const banner = page.getByRole('alert').filter({ hasText: 'Connect a mailbox to send' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Mail accounts' })).toHaveAttribute(
      'href',
      '/email/accounts',
    );
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(`Reply ${id}`);
    await shot(page, 'everyday-compose-no-mailbox');
  } finally {
    await ctx.dispose();
  }
});

test('the outbox a send opens shows the mail just sent, whatever search it was left with', async ({
  page,
  context,
}) => {
  const id = unique();
  const ctx = await request.newContext();
  // A user of its own: the outbox search it leaves is remembered for it alone.
  const sender = { username: `e2e.sender${id}`, password: 'sender-pass-1' };
  await api(ctx, 'POST', '/api/user/create/', {
    token: await apiLogin(ADMIN),
    data: { ...sender, name: 'Sam Sender', roles: ['admin'] },
  });
  const token = await signIn(context, sender);
  const address = `sender.${id}@e2e.test`;
  const account = await api<{ id: number }>(ctx, 'POST', '/api/email/update_email_account/', {
    token,
    data: {
      address,
      imap_host: '127.0.0.1',
      imap_port: 1,
      imap_secure: false,
      imap_user: 'sender',
      imap_password: 'unused',
      smtp_host: '127.0.0.1',
      smtp_port: 1,
      smtp_secure: false,
      smtp_user: 'sender',
      smtp_password: 'unused',
      enabled: true,
    },
  });
  const shown = page.locator('.app-main__pane:not([hidden])');
  const sendFromEditor = async (subject: string) => {
    const draft = await api<{ id: number; version: string }>(ctx, 'GET', '/api/email/compose/?mode=new', {
      token,
    });
    await api(ctx, 'POST', '/api/email/save_draft/', {
      token,
      data: {
        id: draft.id,
        version: draft.version,
        account_id: account.id,
        to: ['Buyer <buyer@e2e.test>'],
        subject,
      },
    });
    await page.goto(`/email/emailCreate/${draft.id}`);
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(subject);
    await page.getByRole('button', { name: /^send Send$/ }).click();
    await expect(page).toHaveURL(/\/email\/outbox$/);
    const row = shown.locator('tr.ant-table-row').filter({ hasText: subject });
    await expect(row).toBeVisible();
    await expect(row).toHaveClass(/email-row--cursor/);
    await expect(shown.getByRole('textbox', { name: /Search/ })).toHaveValue('');
  };
  try {
    // The outbox tab is open with a search that matches nothing new.
    await page.goto(`/email/outbox?q=${encodeURIComponent(`Older search ${id}`)}`);
    await expect(shown.locator('.ant-empty')).toBeVisible();
    // Long enough for the search to be remembered.
    await page.waitForTimeout(1500);
    await sendFromEditor(`Just sent ${id}`);
    await shot(page, 'everyday-outbox-just-sent');

    // With no outbox tab open, the remembered search is not brought back over the mail just sent.
    await page.goto(`/email/outbox?q=${encodeURIComponent(`Older search ${id}`)}`);
    await page.waitForTimeout(1500);
    const outboxTab = page.locator('.tags-view [data-path="/email/outbox"]');
    await outboxTab.getByRole('button').click();
    await expect(outboxTab).toHaveCount(0);
    await sendFromEditor(`Sent again ${id}`);
  } finally {
    await api(ctx, 'POST', '/api/email/update_email_account/', {
      token,
      data: { id: account.id, address, imap_host: '127.0.0.1', imap_user: 'sender', enabled: false },
    }).catch(() => undefined);
    await ctx.dispose();
  }
});
