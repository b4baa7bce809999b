import type { ImapFlow } from 'imapflow';

const SENT = 'Sent';

/**
 * imapflow's raw command call: `mailboxCreate` cannot pass CREATE's USE list (RFC 6154), so the
 * special-use CREATE goes through it. Narrowed to what is used here.
 */
type RawCommands = { exec(command: string, attributes: unknown[]): Promise<{ next(): void }> };

/**
 * An account whose IMAP server has no Sent folder gets one (issue 15): `Sent` under the personal
 * namespace, marked special-use \Sent where the server can mark it at creation
 * (CREATE-SPECIAL-USE); elsewhere the name alone is how mail clients (and the sync) know it.
 * Answers its path.
 */
export async function createSentFolder(client: ImapFlow): Promise<string> {
  const path = `${client.namespace?.prefix ?? ''}${SENT}`;
  if (client.capabilities.has('CREATE-SPECIAL-USE')) {
    const raw = client as unknown as RawCommands;
    try {
      const answer = await raw.exec('CREATE', [
        { type: 'ATOM', value: path },
        [{ type: 'ATOM', value: 'USE' }, [{ type: 'ATOM', value: '\\Sent' }]],
      ]);
      answer.next();
      await client.mailboxSubscribe(path);
      return path;
    } catch {
      // Refused (it exists after all, or the server would not mark it): a plain CREATE below.
    }
  }
  // An existing mailbox of that name answers "created: false" and is used as it is.
  await client.mailboxCreate(path);
  return path;
}
