import type { EmailAccount } from '@quayside/contract';
import { describe, expect, it } from 'vitest';
import { accountBody, formValuesOf, guessSmtpHost, portAfterTls, testPassed } from './account-form';

const ACCOUNT: EmailAccount = {
  id: 4,
  address: 'sales@acme.com',
  name: 'Sales',
  imap_host: 'imap.acme.com',
  imap_port: 993,
  imap_secure: true,
  imap_user: 'sales@acme.com',
  has_imap_password: true,
  smtp_host: 'smtp.acme.com',
  smtp_port: 465,
  smtp_secure: true,
  smtp_user: 'sales@acme.com',
  has_smtp_password: true,
  signature: '-- Acme',
  user_ids: [2, 3],
  enabled: true,
  last_error: '',
  last_synced_at: null,
};

describe('the mail account form', () => {
  it('never sends a password it was not given: empty keeps the stored one', () => {
    const body = accountBody(formValuesOf(ACCOUNT), ACCOUNT.id);
    expect(body).not.toHaveProperty('imap_password');
    expect(body).not.toHaveProperty('smtp_password');
    expect(body).toMatchObject({ id: 4, address: 'sales@acme.com', user_ids: [2, 3], enabled: true });
    const typed = accountBody({ ...formValuesOf(ACCOUNT), imap_password: 'n3w' }, ACCOUNT.id);
    expect(typed.imap_password).toBe('n3w');
  });

  it('creates without an id, and logs in with the address when no login is given', () => {
    const body = accountBody(
      { ...formValuesOf(null), address: ' info@acme.com ', imap_host: 'imap.acme.com', imap_password: 'pw' },
      null,
    );
    expect(body).not.toHaveProperty('id');
    expect(body).toMatchObject({ address: 'info@acme.com', imap_user: 'info@acme.com', imap_port: 993 });
  });

  it('moves a standard port with TLS, and leaves a custom one', () => {
    expect(portAfterTls('imap', false, 993)).toBe(143);
    expect(portAfterTls('imap', true, 143)).toBe(993);
    expect(portAfterTls('smtp', false, 465)).toBe(587);
    expect(portAfterTls('smtp', true, 25)).toBe(465);
    expect(portAfterTls('imap', false, 10143)).toBe(10143);
    expect(portAfterTls('smtp', true, null)).toBe(465);
  });

  it('suggests the SMTP server beside an imap. host', () => {
    expect(guessSmtpHost('imap.acme.com')).toBe('smtp.acme.com');
    expect(guessSmtpHost('mail.acme.com')).toBe('');
  });

  it('reads the test answer per protocol', () => {
    expect(testPassed('ok')).toBe(true);
    expect(testPassed('Authentication failed')).toBe(false);
  });
});
