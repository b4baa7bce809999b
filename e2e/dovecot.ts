import { PASSWORD, startDovecot } from '../apps/server/test/mail/dovecot';

/**
 * The mail journeys' IMAP server: the server suite's Dovecot (apps/server/test/mail/dovecot.ts),
 * with messages written as a person types them (line ends made CRLF).
 */
export { PASSWORD };

export type MailServer = {
  host: string;
  port: number;
  deliver(to: string, raw: string): Promise<void>;
  /** Puts many messages in the inbox at once over IMAP (APPEND): a mailbox with history. */
  fill(to: string, raws: string[]): Promise<void>;
  stop(): Promise<void>;
};

export async function startMailServer(): Promise<MailServer> {
  const dovecot = await startDovecot();
  return {
    host: dovecot.host,
    port: dovecot.port,
    deliver: (to, raw) => dovecot.deliver(to, raw.replace(/\r?\n/g, '\r\n')),
    async fill(to, raws) {
      const client = await dovecot.client(to);
      try {
        for (const raw of raws) await client.append('INBOX', raw.replace(/\r?\n/g, '\r\n'));
      } finally {
        await client.logout();
      }
    },
    stop: () => dovecot.stop(),
  };
}

/** A message as a mail client would send it; `html` makes it multipart/alternative. */
export function message(m: {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The first outside hop, for the sender-IP country. */
  ip?: string;
  date?: Date;
}): string {
  const date = (m.date ?? new Date()).toUTCString();
  const id = `<${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}@e2e.test>`;
  const head = [
    ...(m.ip ? [`Received: from mail.sender.test ([${m.ip}]) by mx.e2e.test with ESMTPS; ${date}`] : []),
    `From: ${m.from}`,
    `To: ${m.to}`,
    `Subject: ${m.subject}`,
    `Date: ${date}`,
    `Message-ID: ${id}`,
    'MIME-Version: 1.0',
  ];
  if (!m.html) {
    return [
      ...head,
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      m.text,
      '',
    ].join('\n');
  }
  const b = `b-${Math.random().toString(36).slice(2)}`;
  return [
    ...head,
    `Content-Type: multipart/alternative; boundary="${b}"`,
    '',
    `--${b}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    m.text,
    `--${b}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    m.html,
    `--${b}--`,
    '',
  ].join('\n');
}
