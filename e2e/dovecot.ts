import { connect, createServer, type Socket } from 'node:net';
import { Transform } from 'node:stream';
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
  /**
   * The same server behind a link that carries `bytesPerSecond` towards the client: a mail server
   * far away, whose first sync takes long enough to be watched.
   */
  slowLink(bytesPerSecond: number): Promise<{ host: string; port: number }>;
};

export async function startMailServer(): Promise<MailServer> {
  const dovecot = await startDovecot();
  const links: Link[] = [];
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
    async slowLink(bytesPerSecond) {
      const link = await startSlowLink(dovecot, bytesPerSecond);
      links.push(link);
      return link;
    },
    async stop() {
      for (const link of links) await link.close();
      await dovecot.stop();
    },
  };
}

type Link = { host: string; port: number; close(): Promise<void> };

async function startSlowLink(to: { host: string; port: number }, bytesPerSecond: number): Promise<Link> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(to.port, to.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(socket);
      });
    }
    client.pipe(upstream);
    upstream.pipe(throttle(bytesPerSecond)).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('slow link: no port');
  return {
    host: '127.0.0.1',
    port: address.port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Passes bytes on in slices, one every 50 ms, so that no more than `bytesPerSecond` go through. */
function throttle(bytesPerSecond: number): Transform {
  const TICK_MS = 50;
  const slice = Math.max(1, Math.floor((bytesPerSecond * TICK_MS) / 1000));
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const send = (at: number) => {
        if (at >= chunk.length) return done();
        this.push(chunk.subarray(at, at + slice));
        setTimeout(() => send(at + slice), TICK_MS);
      };
      send(0);
    },
  });
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
