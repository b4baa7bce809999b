import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { emails } from '../../src/db/schema';
import { startEmailSend } from '../../src/modules/email/deliver';
import { DEFAULT_SEND_TIMING } from '../../src/modules/email/send';
import { type MailTestbed, mailTestbed } from './setup';
import { startSmtp, type TestSmtp } from './smtp';

export type SendTestbed = {
  bed: MailTestbed;
  smtp: TestSmtp;
  /** The account `sales`, sending through `smtp`. */
  sales: { id: number; address: string };
  /** A Dovecot mailbox to send to. */
  buyer: string;
  stop(): Promise<void>;
};

/**
 * Dovecot, an in-process SMTP server (delivering what it accepts into Dovecot when asked), the
 * account `sales` sending through it, and the send worker with short retry and poll times.
 */
export async function startSendTestbed(
  options: { deliver?: boolean; sentFolder?: boolean } = {},
): Promise<SendTestbed> {
  const bed = await mailTestbed({ withJobs: true, sentFolder: options.sentFolder });
  const smtp = await startSmtp(
    options.deliver
      ? async (mail) => {
          await Promise.all(mail.to.map((address) => bed.dovecot.deliver(address, mail.raw)));
        }
      : undefined,
  );
  const sales = await bed.account('sales', {
    smtp_host: '127.0.0.1',
    smtp_port: smtp.port,
    smtp_secure: false,
  });
  const buyer = bed.dovecot.addUser('buyer');
  Object.assign(DEFAULT_SEND_TIMING, { retryDelay: 1, retryDelayMax: 2, pollingSeconds: 0.5 });
  const worker = await startEmailSend(bed.t.app.ctx);
  return {
    bed,
    smtp,
    sales,
    buyer,
    async stop() {
      await worker?.stop();
      await smtp.close();
      await bed.dovecot.stop();
    },
  };
}

/** The stored row of an email, for states the API does not show (dedupe key, …). */
export async function emailRow(db: Db, id: number) {
  const [row] = await db.select().from(emails).where(eq(emails.id, id));
  if (!row) throw new Error(`no email ${id}`);
  return row;
}

/** Waits (up to `ms`) until the email has the send status, and answers its row. */
export async function waitForStatus(db: Db, id: number, status: string, ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    const row = await emailRow(db, id);
    if (row.sendStatus === status) return row;
    if (Date.now() > until) throw new Error(`email ${id} never became ${status}: ${row.sendStatus}`);
    await sleep(100);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
