import type { EmailAccount } from '@quayside/contract';
import type { AccountInput } from './api';

/** The mail account form's values and the small rules that fill it in as the admin types. */
export interface AccountFormValues {
  address: string;
  name: string;
  enabled: boolean;
  user_ids: number[];
  imap_host: string;
  imap_port: number;
  imap_secure: boolean;
  imap_user: string;
  imap_password: string;
  smtp_host: string;
  smtp_port: number;
  smtp_secure: boolean;
  smtp_user: string;
  smtp_password: string;
  signature: string;
}

/** Standard ports: with TLS from the first byte, and plain (or STARTTLS). */
export const PORTS = {
  imap: { secure: 993, plain: 143 },
  smtp: { secure: 465, plain: 587 },
} as const;

export function formValuesOf(account: EmailAccount | null): AccountFormValues {
  if (!account) {
    return {
      address: '',
      name: '',
      enabled: true,
      user_ids: [],
      imap_host: '',
      imap_port: PORTS.imap.secure,
      imap_secure: true,
      imap_user: '',
      imap_password: '',
      smtp_host: '',
      smtp_port: PORTS.smtp.secure,
      smtp_secure: true,
      smtp_user: '',
      smtp_password: '',
      signature: '',
    };
  }
  return {
    address: account.address,
    name: account.name,
    enabled: account.enabled,
    user_ids: account.user_ids,
    imap_host: account.imap_host,
    imap_port: account.imap_port,
    imap_secure: account.imap_secure,
    imap_user: account.imap_user,
    imap_password: '',
    smtp_host: account.smtp_host,
    smtp_port: account.smtp_port,
    smtp_secure: account.smtp_secure,
    smtp_user: account.smtp_user,
    smtp_password: '',
    signature: account.signature,
  };
}

/** Turning TLS on or off moves a standard port to the other standard one; a custom port stays. */
export function portAfterTls(protocol: 'imap' | 'smtp', secure: boolean, port: number | null): number {
  const p = PORTS[protocol];
  if (port === null || port === p.secure || port === p.plain || (protocol === 'smtp' && port === 25))
    return secure ? p.secure : p.plain;
  return port;
}

/** `imap.example.com` suggests `smtp.example.com`; other names suggest nothing. */
export function guessSmtpHost(imapHost: string): string {
  const host = imapHost.trim().toLowerCase();
  return /^imap\./.test(host) ? host.replace(/^imap\./, 'smtp.') : '';
}

/**
 * The body of update_email_account / test_email_account. A password left empty is left out, so
 * the server keeps (or, for a test, uses) the stored one.
 */
export function accountBody(values: AccountFormValues, id: number | null): AccountInput {
  const { imap_password, smtp_password, ...rest } = values;
  const trimmed = {
    ...rest,
    address: rest.address.trim(),
    name: rest.name.trim(),
    imap_host: rest.imap_host.trim(),
    imap_user: rest.imap_user.trim() || rest.address.trim(),
    smtp_host: rest.smtp_host.trim(),
    smtp_user: rest.smtp_user.trim(),
  };
  return {
    ...(id ? { id } : {}),
    ...trimmed,
    ...(imap_password ? { imap_password } : {}),
    ...(smtp_password ? { smtp_password } : {}),
  };
}

/** A protocol's test answer: 'ok' or the server's own message. */
export const testPassed = (answer: string) => answer === 'ok';
