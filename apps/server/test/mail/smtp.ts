import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: Buffer; at: number };

/** An in-process SMTP server for the send tests, recording what it accepted. */
export type TestSmtp = {
  port: number;
  /** Messages accepted, in order, with the time (ms) each was accepted. */
  received: ReceivedMail[];
  /** Replies given to the next messages instead of accepting them (e.g. 451, 550). */
  replies: { code: number; text: string }[];
  /** While set, a message is held before its reply (the email stays `sending`). */
  hold: Promise<void> | undefined;
  close(): Promise<void>;
};

/** `onAccept` runs before a message is acknowledged (e.g. delivers it to Dovecot). */
export async function startSmtp(onAccept?: (mail: ReceivedMail) => Promise<void>): Promise<TestSmtp> {
  const smtp: TestSmtp = {
    port: 0,
    received: [],
    replies: [],
    hold: undefined,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        await smtp.hold;
        const reply = smtp.replies.shift();
        if (reply) {
          done(Object.assign(new Error(reply.text), { responseCode: reply.code }));
          return;
        }
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
          at: Date.now(),
        };
        try {
          await onAccept?.(mail);
          smtp.received.push(mail);
          done();
        } catch (err) {
          done(err as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtp.port = (server.server.address() as AddressInfo).port;
  return smtp;
}
