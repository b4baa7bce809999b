import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDb, tempDir } from '../helpers';
import { type ServerProcess, startServerProcess, waitUntilReady } from '../server-process';
import { type Dovecot, startDovecot } from './dovecot';
import { plain, uniqueId } from './messages';
import { sleep } from './sending';
import { startSmtp, type TestSmtp } from './smtp';

// Several Quayside processes behind a load balancer share one PostgreSQL database and one files
// directory. This file runs two real server processes (src/main.ts) that way, on a fresh database of
// the machine's PostgreSQL unless TEST_DATABASE_URL names another; without one it fails, saying so.

const PASSWORD = 'two-instances-pass';

let database: TestDb | undefined;
let dovecot: Dovecot | undefined;
let smtp: TestSmtp | undefined;
afterAll(async () => {
  await dovecot?.stop();
  await smtp?.close();
  await database?.drop();
});

async function until<T>(what: string, check: () => Promise<T | false> | T | false, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(100);
  }
}

/** One API call over HTTP to an instance, answering the envelope's `data` (throws on failure). */
async function api<T>(server: ServerProcess, token: string, path: string, body?: object): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'x-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { error_status: number; data: T };
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

const syncedAccounts = (server: ServerProcess) =>
  api<{ mail_sync: { accounts: number[] } }>(server, '', '/api/health/').then((h) => h.mail_sync.accounts);

/** The live events a browser connected to `server` receives, as `event: name` + data text. */
function liveEvents(server: ServerProcess, token: string) {
  let text = '';
  const request = http.get(
    { host: '127.0.0.1', port: server.port, path: `/api/events/?token=${token}` },
    (res) => res.on('data', (d: Buffer) => (text += d.toString())),
  );
  request.on('error', () => {});
  return { text: () => text, close: () => request.destroy() };
}

async function emailCount(subject: string): Promise<number> {
  const { rows } = await database!.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM emails WHERE subject = $1',
    [subject],
  );
  return rows[0]?.n ?? 0;
}

describe('two server processes on one PostgreSQL database', () => {
  it('share sessions and live events, sync each mailbox once, and hand over sync and sends on kill -9', async () => {
    database = await createTestDatabase({ postgres: true });
    const url = (database.database.pool!.options as { connectionString: string }).connectionString;
    [dovecot, smtp] = await Promise.all([startDovecot(), startSmtp()]);
    const files = tempDir(); // the shared files directory
    const env = { QUAYSIDE_ADMIN_PASSWORD: PASSWORD };

    const a = await startServerProcess({ dataDir: files, databaseUrl: url, env });
    await waitUntilReady(a);
    const { token } = await api<{ token: string }>(a, '', '/api/login/', {
      username: 'admin',
      password: PASSWORD,
    });
    const address = dovecot.addUser('two-instances');
    const buyer = 'buyer@client.test';
    const account = await api<{ id: number }>(a, token, '/api/email/update_email_account/', {
      address,
      imap_host: dovecot.host,
      imap_port: dovecot.port,
      imap_secure: false,
      imap_user: address,
      imap_password: 'secret',
      smtp_host: '127.0.0.1',
      smtp_port: smtp.port,
      smtp_secure: false,
    });
    await until('A to sync the new account', async () => (await syncedAccounts(a)).includes(account.id));

    const b = await startServerProcess({ dataDir: files, databaseUrl: url, env });
    await waitUntilReady(b);
    // A session made on A is valid on B; B leaves the account to A (its advisory lock).
    expect(await api<{ name: string }>(b, token, '/api/user_info/')).toMatchObject({
      name: expect.any(String),
    });
    expect(await syncedAccounts(b)).toEqual([]);

    // A mail delivered is stored once (by A) and its event reaches a browser connected to B.
    const onB = liveEvents(b, token);
    await sleep(500);
    const first = `First inquiry ${uniqueId()}`;
    await dovecot.deliver(address, plain({ subject: first, from: buyer, to: address }));
    await until('the new-mail event on B', () =>
      /event: email\ndata: \{"id":\d+,"folder":"inbox"\}/.test(onB.text()),
    );
    expect(await emailCount(first)).toBe(1);

    // A queues a send (held 4 s for undo) and is killed before it goes out.
    const draft = await api<{ id: number }>(a, token, '/api/email/compose/?mode=new');
    const subject = `Offer ${uniqueId()}`;
    await api(a, token, '/api/email/send_email/', {
      id: draft.id,
      to: [buyer],
      subject,
      html: '<p>Once only</p>',
      undo_seconds: 4,
    });
    await a.kill9();
    const killedAt = Date.now();

    // B sends it, exactly once.
    await until('B to send the mail', () => smtp!.received.length > 0, 60_000);
    await sleep(6000); // three polls of the send queue: a second copy would have left by now
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.raw.toString()).toContain(`Subject: ${subject}`);
    const { rows } = await database.database.query<{ send_status: string }>(
      'SELECT send_status FROM emails WHERE id = $1',
      [draft.id],
    );
    expect(rows[0]?.send_status).toBe('sent');

    // B takes the mailbox over within a minute (its next look at the account list), and stores new
    // mail once; the session still works on B.
    await until(
      'B to take the sync over',
      async () => (await syncedAccounts(b)).includes(account.id),
      75_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(75_000);
    const second = `Second inquiry ${uniqueId()}`;
    await dovecot.deliver(address, plain({ subject: second, from: buyer, to: address }));
    await until('B to store the second mail', async () => (await emailCount(second)) === 1);
    await sleep(1000);
    expect(await emailCount(second)).toBe(1);
    expect(await emailCount(first)).toBe(1);
    onB.close();
    await b.stop();
    expect(smtp.received).toHaveLength(1);
  }, 240_000);
});
