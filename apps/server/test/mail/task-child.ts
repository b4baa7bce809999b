/**
 * The server in a process of its own, for the task crash test (task-crash.test.ts): the whole
 * startServer on the given data dir and database, its task sender treating a recipient left
 * `sending` for over a second as interrupted.
 * Arguments: <data dir> <database URL, or '' for PGlite in the data dir> <mode> [mode arguments].
 *   start <smtp port> <recipient>: sets up the account, creates and starts a task to the recipient,
 *     prints `started <task id>`, then sends (and waits to be killed).
 *   work: prints `ready` and sends until SIGTERM.
 */
import { loadConfig } from '../../src/config';
import { DEFAULT_TASK_SENDER } from '../../src/modules/tasks/worker';
import { startServer } from '../../src/server';

const [dataDir = '', databaseUrl = '', mode = '', ...rest] = process.argv.slice(2);
Object.assign(DEFAULT_TASK_SENDER, { pollMs: 100, staleSendingMs: 1000 });
const server = await startServer(
  loadConfig({
    QUAYSIDE_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    QUAYSIDE_SECRET: 'task-crash-secret-0123456789',
    QUAYSIDE_ADMIN_PASSWORD: 'task-child-pass',
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

if (mode === 'start') {
  const [smtpPort = '', recipient = ''] = rest;
  const { token } = await api('', 'POST', '/api/login/', { username: 'admin', password: 'task-child-pass' });
  const account = await api(token, 'POST', '/api/email/update_email_account/', {
    address: 'sales@crash.test',
    imap_host: '127.0.0.1',
    imap_port: 1,
    imap_secure: false,
    imap_user: 'sales@crash.test',
    imap_password: 'unused',
    smtp_host: '127.0.0.1',
    smtp_port: Number(smtpPort),
    smtp_secure: false,
  });
  const task = await api(token, 'POST', '/api/task/create/', {
    name: 'Crash',
    account_id: account.id,
    subject: 'Once only',
    html: '<p>Once only</p>',
    addresses: [recipient],
  });
  await api(token, 'POST', '/api/task/start/', { id: task.id });
  process.stdout.write(`started ${task.id}\n`);
} else {
  process.stdout.write('ready\n');
}
