import type { EmailAccountBody } from '@quayside/contract';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { type Lang, translate } from '../../lib/i18n';
import { decryptSecret, findAccountRow, SecretError } from './accounts';
import { createImapClient, imapErrorMessage } from './sync/imap';

export type AccountTest = { imap: string; smtp: string };

/** The password to test with: the one typed, else the stored one of the account being edited. */
function password(secret: string, typed: string | undefined, stored: string | undefined): string {
  if (typed) return typed;
  return stored ? decryptSecret(secret, stored) : '';
}

async function testImap(input: EmailAccountBody, pass: string): Promise<string> {
  const client = createImapClient({
    host: input.imap_host,
    port: input.imap_port,
    secure: input.imap_secure,
    user: input.imap_user,
    password: pass,
  });
  try {
    await client.connect();
    return 'ok';
  } catch (err) {
    return imapErrorMessage(err);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

async function testSmtp(input: EmailAccountBody, pass: string, lang: Lang): Promise<string> {
  if (!input.smtp_host) return translate(lang, 'smtpNotConfigured');
  const transport = nodemailer.createTransport({
    host: input.smtp_host,
    port: input.smtp_port,
    secure: input.smtp_secure,
    auth: input.smtp_user ? { user: input.smtp_user, pass } : undefined,
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  try {
    await transport.verify();
    return 'ok';
  } catch (err) {
    const e = err as Error & { response?: string };
    return e.response || e.message;
  } finally {
    transport.close();
  }
}

/** Tries both servers with the given settings; each answers 'ok' or the server's message. */
export async function testAccount(
  db: Db,
  secret: string,
  input: EmailAccountBody,
  lang: Lang,
): Promise<AccountTest> {
  const current = input.id ? await findAccountRow(db, input.id) : undefined;
  const attempt = async (
    typed: string | undefined,
    stored: string | undefined,
    run: (p: string) => Promise<string>,
  ) => {
    try {
      return await run(password(secret, typed, stored));
    } catch (err) {
      if (err instanceof SecretError) return translate(lang, 'emailSecretChanged');
      throw err;
    }
  };
  const [imap, smtp] = await Promise.all([
    attempt(input.imap_password, current?.imapPassword, (p) => testImap(input, p)),
    attempt(input.smtp_password, current?.smtpPassword, (p) => testSmtp(input, p, lang)),
  ]);
  return { imap, smtp };
}
