import nodemailer, { type Transporter } from 'nodemailer';
import type { emailAccounts } from '../../db/schema';
import { decryptSecret } from './accounts';

type AccountRow = typeof emailAccounts.$inferSelect;
type Message = { envelope: { from: string; to: string[] }; raw: Buffer };

/** What the mail server said when it refused (its reply line), else the error's own words. */
export const smtpErrorText = (err: unknown, max = 1000): string => {
  const e = err as Error & { response?: string };
  return (e.response || e.message || String(err)).slice(0, max);
};

/**
 * Parallel SMTP sessions per account: nodemailer's own default. Hosted mailboxes limit concurrent
 * sessions; a server that refuses one answers 4xx, and that email is retried later.
 */
const MAX_CONNECTIONS = 5;

/**
 * The send worker's SMTP connections: one pooled nodemailer transport per account, reused while the
 * account's SMTP settings stay the same (a changed host, port, user or password gets a new one, the
 * old one closes once its deliveries end). A connection idle for a minute closes itself.
 */
export class SmtpTransports {
  private readonly byAccount = new Map<number, { key: string; transport: Transporter }>();

  constructor(private readonly secret: string) {}

  async send(account: AccountRow, message: Message): Promise<void> {
    await this.transport(account).sendMail(message);
  }

  private transport(account: AccountRow): Transporter {
    const key = JSON.stringify([
      account.smtpHost,
      account.smtpPort,
      account.smtpSecure,
      account.smtpUser,
      account.smtpPassword,
    ]);
    const cached = this.byAccount.get(account.id);
    if (cached?.key === key) return cached.transport;
    cached?.transport.close();
    const transport = nodemailer.createTransport({
      pool: true,
      maxConnections: MAX_CONNECTIONS,
      idleTimeout: 60_000,
      host: account.smtpHost,
      port: account.smtpPort,
      secure: account.smtpSecure,
      auth: account.smtpUser
        ? { user: account.smtpUser, pass: decryptSecret(this.secret, account.smtpPassword) }
        : undefined,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 120_000,
    });
    this.byAccount.set(account.id, { key, transport });
    return transport;
  }

  /** Closes every transport (deliveries under way finish first). */
  close(): void {
    for (const { transport } of this.byAccount.values()) transport.close();
    this.byAccount.clear();
  }
}
