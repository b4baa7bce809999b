import { ImapFlow, type ListResponse } from 'imapflow';
import { decryptSecret } from '../accounts';
import type { AccountRow, FolderRole } from './types';

export type ImapSettings = { host: string; port: number; secure: boolean; user: string; password: string };

export function imapSettings(account: AccountRow, secret: string): ImapSettings {
  return {
    host: account.imapHost,
    port: account.imapPort,
    secure: account.imapSecure,
    user: account.imapUser,
    password: decryptSecret(secret, account.imapPassword),
  };
}

/**
 * A client with its `error` handler attached before `connect()` (sync rule 7: an unhandled error
 * event would end the process). `idle` keeps automatic IDLE on, for the watcher connection.
 */
export function createImapClient(settings: ImapSettings, options: { idle?: boolean } = {}): ImapFlow {
  const client = new ImapFlow({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: { user: settings.user, pass: settings.password },
    logger: false,
    disableAutoIdle: !options.idle,
    // The watcher idles right away, so that new mail is announced within seconds.
    autoIdleDelay: options.idle ? 250 : undefined,
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 5 * 60_000,
    // A server that drops IDLE silently is caught by re-issuing it (and by the poll).
    maxIdleTime: 4 * 60_000,
    clientInfo: { name: 'Quayside' },
  });
  client.on('error', () => {
    // The failing command rejects with the same error; `close` follows and the owner reconnects.
  });
  return client;
}

/** A short, user-readable reason of an IMAP failure (the server's own text when there is one). */
export function imapErrorMessage(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const e = err as Error & { responseText?: string; serverResponseCode?: string; code?: string };
  const text = e.responseText || e.message || e.code || 'unknown error';
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

const roleBySpecialUse: Record<string, FolderRole> = {
  '\\Inbox': 'inbox',
  '\\Sent': 'sent',
  '\\Drafts': 'drafts',
  '\\Trash': 'trash',
  '\\Junk': 'junk',
};

/** INBOX, Sent, Drafts, Trash and Junk of the account, by special-use flags (server flags first). */
export function mapFolders(list: readonly ListResponse[]): Map<FolderRole, string> {
  const byRole = new Map<FolderRole, { path: string; fromServer: boolean }>();
  for (const box of list) {
    if (box.flags.has('\\Noselect') || box.flags.has('\\NonExistent')) continue;
    const role = box.path.toUpperCase() === 'INBOX' ? 'inbox' : roleBySpecialUse[box.specialUse ?? ''];
    if (!role) continue;
    const fromServer = box.specialUseSource === 'extension' || role === 'inbox';
    const current = byRole.get(role);
    if (!current || (fromServer && !current.fromServer)) byRole.set(role, { path: box.path, fromServer });
  }
  return new Map([...byRole].map(([role, v]) => [role, v.path]));
}
