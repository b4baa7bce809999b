import { expect as baseExpect, test } from '@playwright/test';
import { type MailServer, message, PASSWORD, startMailServer } from './dovecot';
import { api, shot, signIn } from './support';

/**
 * A mailbox with years of history, connected: the accounts screen shows the first sync's progress
 * live, then the account's usual state once it is done.
 */

const expect = baseExpect.configure({ timeout: 60_000 });
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const MAILBOX = `archive.${run}@example.test`;
const HISTORY = 600;

let mail: MailServer;

test.beforeAll(async () => {
  mail = await startMailServer();
  const day = 86_400_000;
  await mail.fill(
    MAILBOX,
    Array.from({ length: HISTORY }, (_, i) =>
      message({
        from: `Buyer ${i % 40} <buyer${i % 40}@customer-${i % 40}.test>`,
        to: MAILBOX,
        subject: `Order follow-up ${i}`,
        text: `About order ${i}: the goods are ready for shipment.`,
        date: new Date(Date.now() - (HISTORY - i) * day),
      }),
    ),
  );
});

test.afterAll(async () => {
  await mail?.stop();
});

test('the first sync of a big mailbox shows how far it has come', async ({ page, context }) => {
  test.setTimeout(180_000);
  const token = await signIn(context);
  await page.goto('/email/accounts');
  await expect(page.getByRole('heading', { name: 'Mail accounts' })).toBeVisible();

  // Connected while the screen is open: the sync starts at once and reports over the live events.
  // The mail server is far away: its link carries 100 kB/s, so the sync lasts seconds (about 6 s
  // here; near, it had lasted about one, and a look once a second had missed it).
  const far = await mail.slowLink(100_000);
  const settings = {
    address: MAILBOX,
    name: 'Archive',
    imap_host: far.host,
    imap_port: far.port,
    imap_secure: false,
    imap_user: MAILBOX,
    imap_password: PASSWORD,
  };
  const { id } = await api<{ id: number }>(page.request, 'POST', '/api/email/update_email_account/', {
    token,
    data: settings,
  });
  const account = page.getByRole('row').filter({ hasText: MAILBOX });
  // One look for both, text and bar: the display lasts only as long as the sync.
  const progress = account
    .getByTestId('sync-progress')
    .filter({ has: page.getByRole('progressbar') })
    .filter({ hasText: /Syncing [\d,]+ of 600/ });
  await expect(progress).toBeVisible();
  await shot(page, 'email-sync-progress');

  await expect(progress).toBeHidden();
  await expect(account).toContainText('Working');
  await expect(account).toContainText(/Synced/);
  // Switched off, so that the server stops watching a mailbox that is about to go.
  await api(page.request, 'POST', '/api/email/update_email_account/', {
    token,
    data: { ...settings, id, enabled: false },
  });
});
