import type { ImapFlow } from 'imapflow';
import type { emailAccounts } from '../../db/schema';
import { createSentFolder } from './create-sent-folder';
import { createImapClient, imapSettings, mapFolders } from './sync/imap';

type AccountRow = typeof emailAccounts.$inferSelect;
type Connection = {
  client: ImapFlow;
  /** The Sent folder's path (made on first use when the server had none). */
  sent: string;
  busy: number;
  closed: boolean;
  idle: NodeJS.Timeout;
};
type Entry = { key: string; opening: Promise<Connection>; open?: Connection };

const IDLE_MS = 60_000;

const settingsKey = (a: AccountRow) =>
  JSON.stringify([a.imapHost, a.imapPort, a.imapSecure, a.imapUser, a.imapPassword]);

/**
 * Copies sent mail into each account's Sent folder (special-use \Sent; created when the server
 * has none) over one IMAP connection per account, opened on first use and kept while mail goes
 * out: it closes after a minute without an append, on an error, when the account's IMAP settings
 * change, or on `close`. An append that fails is tried once more on a new connection (a kept one
 * may have been dropped by the server).
 */
export class SentFolders {
  private readonly byAccount = new Map<number, Entry>();
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly secret: string) {}

  append(account: AccountRow, raw: Buffer): Promise<void> {
    const done = this.appendNow(account, raw);
    const tracked = done.catch(() => {});
    this.pending.add(tracked);
    void tracked.then(() => this.pending.delete(tracked));
    return done;
  }

  private async appendNow(account: AccountRow, raw: Buffer): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const connection = await this.connection(account);
      connection.busy++;
      try {
        await connection.client.append(connection.sent, raw, ['\\Seen']);
        return;
      } catch (err) {
        this.drop(account.id, connection);
        if (attempt === 2) throw err;
      } finally {
        connection.busy--;
        if (!connection.closed) connection.idle.refresh();
      }
    }
  }

  /** Lets the appends under way finish, then logs every connection out. */
  async close(): Promise<void> {
    await Promise.all(this.pending);
    for (const [id, entry] of this.byAccount) {
      void entry.opening.then(
        (c) => this.drop(id, c),
        () => {},
      );
    }
    this.byAccount.clear();
  }

  private connection(account: AccountRow): Promise<Connection> {
    const key = settingsKey(account);
    const cached = this.byAccount.get(account.id);
    if (cached?.key === key) return cached.opening;
    if (cached?.open) this.drop(account.id, cached.open);
    const entry: Entry = { key, opening: this.open(account) };
    this.byAccount.set(account.id, entry);
    entry.opening.then(
      (c) => {
        entry.open = c;
      },
      () => {
        if (this.byAccount.get(account.id) === entry) this.byAccount.delete(account.id);
      },
    );
    return entry.opening;
  }

  private async open(account: AccountRow): Promise<Connection> {
    const client = createImapClient(imapSettings(account, this.secret));
    try {
      await client.connect();
      let sent = mapFolders(await client.list()).get('sent');
      if (!sent) {
        sent = await createSentFolder(client);
        // Said once: the next connection finds the folder.
        console.info(`[email] account ${account.id} had no Sent folder: created "${sent}" for sent mail`);
      }
      const connection: Connection = {
        client,
        sent,
        busy: 0,
        closed: false,
        idle: setTimeout(() => {
          if (connection.busy > 0) connection.idle.refresh();
          else this.drop(account.id, connection);
        }, IDLE_MS).unref(),
      };
      client.on('close', () => this.drop(account.id, connection));
      return connection;
    } catch (err) {
      client.close();
      throw err;
    }
  }

  private drop(accountId: number, connection: Connection): void {
    if (connection.closed) return;
    connection.closed = true;
    clearTimeout(connection.idle);
    if (this.byAccount.get(accountId)?.open === connection) this.byAccount.delete(accountId);
    void connection.client.logout().catch(() => {});
  }
}
