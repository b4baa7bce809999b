/**
 * The server in a process of its own, for the send crash test (send-crash.test.ts): the whole
 * startServer (database, jobs, mail sync and the send worker) on the given data dir and database.
 * Arguments: <data dir> <database URL, or '' for PGlite in the data dir> <mode> [mode arguments].
 *   send <smtp port> <imap port> <mailbox address> <recipient>: sets up the account, sends a new
 *     email with a 3 s undo window and prints `answered <id>`, then waits to be killed.
 *   work: prints `ready` and works the queue until SIGTERM.
 */
import { loadConfig } from '../../src/config';
import { DEFAULT_SEND_TIMING } from '../../src/modules/email/send';
import { startServer } from '../../src/server';

const [dataDir = '', databaseUrl = '', mode = '', ...rest] = process.argv.slice(2);
Object.assign(DEFAULT_SEND_TIMING, { retryDelay: 1, retryDelayMax: 2, pollingSeconds: 0.5 });
const server = await startServer(
  loadConfig({
    QUAYSIDE_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    QUAYSIDE_SECRET: 'send-crash-secret-0123456789',
    // Not the default password, which may only be changed until it is.
    QUAYSIDE_ADMIN_PASSWORD: 'send-child-pass',
    QUAYSIDE_LOG_LEVEL: 'silent',
  }),
  false,
);
process.on('SIGTERM', () => {
  void server.stop().then(() => process.exit(0));
});

async function api(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await server.app.inject({ method, url, headers: { 'x-token': token }, payload });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
  return res.json().data;
}

if (mode === 'send') {
  const [smtpPort = '', imapPort = '', address = '', recipient = ''] = rest;
  const { token } = await api('', 'POST', '/api/login/', { username: 'admin', password: 'send-child-pass' });
  await api(token, 'POST', '/api/email/update_email_account/', {
    address,
    imap_host: '127.0.0.1',
    imap_port: Number(imapPort),
    imap_secure: false,
    imap_user: address,
    imap_password: 'secret',
    smtp_host: '127.0.0.1',
    smtp_port: Number(smtpPort),
    smtp_secure: false,
  });
  const draft = await api(token, 'GET', '/api/email/compose/?mode=new');
  await api(token, 'POST', '/api/email/send_email/', {
    id: draft.id,
    to: [recipient],
    subject: 'Survives a crash',
    html: '<p>Once only</p>',
    undo_seconds: 3,
  });
  process.stdout.write(`answered ${draft.id}\n`);
} else {
  process.stdout.write('ready\n');
}
