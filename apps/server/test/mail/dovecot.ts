import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

/** Runs a command with no pipes (the Dovecot daemon would keep them open) and waits for its exit. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}
const DOVECOT = '/usr/sbin/dovecot';
const LDA = '/usr/lib/dovecot/dovecot-lda';

/**
 * A real IMAP server for the mail tests: Dovecot (Debian package dovecot-imapd) on a free loopback
 * port, in a temp dir, with the config of design/EMAIL.md plus special-use folders. A machine without
 * it fails these tests loudly: they must run in CI (.ci/run installs the package).
 */
export type Dovecot = {
  host: string;
  port: number;
  dir: string;
  /**
   * The address of a mailbox user. Every user exists, with the password PASSWORD (a passwd-file is
   * reread at most once a second, too slow for tests that add users one after another).
   */
  addUser(local: string): string;
  /** Delivers a message like an MTA would (dovecot-lda), to INBOX unless a folder is given. */
  deliver(address: string, raw: string | Buffer, folder?: string): Promise<void>;
  /** An IMAP client of the user, connected (for APPEND, moves, flags: "another mail client"). */
  client(address: string, password?: string): Promise<ImapFlow>;
  stop(): Promise<void>;
};

export const DOMAIN = 'example.test';
export const PASSWORD = 'secret';

export function assertDovecotInstalled(): void {
  if (!existsSync(DOVECOT) || !existsSync(LDA)) {
    throw new Error(
      'Dovecot is not installed, and the mail tests need a real IMAP server. Install it with:\n' +
        '  apt-get install -y --no-install-recommends dovecot-imapd',
    );
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Dovecot did not start listening on port ${port}`);
}

/** The Sent folder of the test config; a server without one leaves it out (`sentFolder: false`). */
const SENT_FOLDER = `  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
`;

function config(dir: string, port: number, sentFolder: boolean): string {
  return `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:${dir}/mail/%n/Maildir
namespace inbox {
  inbox = yes
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
${sentFolder ? SENT_FOLDER : ''}  mailbox Trash {
    special_use = \\Trash
    auto = subscribe
  }
  mailbox Junk {
    special_use = \\Junk
    auto = subscribe
  }
}
passdb {
  driver = static
  args = password=${PASSWORD}
}
userdb {
  driver = static
  args = uid=nobody gid=nogroup home=${dir}/mail/%n
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`;
}

function lda(conf: string, address: string, raw: string | Buffer, folder?: string) {
  return new Promise<{ code: number | null; err: string }>((resolve, reject) => {
    const args = ['-c', conf, '-d', address, '-f', `sender@${DOMAIN}`, ...(folder ? ['-m', folder] : [])];
    const child = spawn(LDA, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, err }));
    child.stdin.end(raw);
  });
}

export async function startDovecot(options: { sentFolder?: boolean } = {}): Promise<Dovecot> {
  assertDovecotInstalled();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quayside-dovecot-'));
  chmodSync(dir, 0o755); // Dovecot's own processes (users dovecot, nobody) go through it.
  for (const sub of ['run', 'state', 'mail']) mkdirSync(path.join(dir, sub));
  chownSync(path.join(dir, 'mail'), 65534, 65534); // nobody:nogroup, the userdb's uid
  const port = await freePort();
  const conf = path.join(dir, 'dovecot.conf');
  writeFileSync(conf, config(dir, port, options.sentFolder ?? true));
  await run(DOVECOT, ['-c', conf]);
  // Belt and braces: a test process that ends without its afterAll still takes its Dovecot along.
  const onExit = () => {
    spawnSync(DOVECOT, ['-c', conf, 'stop'], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  await waitForPort(port, 10_000);

  return {
    host: '127.0.0.1',
    port,
    dir,
    addUser(local) {
      return `${local}@${DOMAIN}`;
    },
    async deliver(address, raw, folder) {
      // An MTA retries a temporary failure (75, EX_TEMPFAIL: a busy mailbox lock on a loaded machine).
      for (let attempt = 1; ; attempt++) {
        const { code, err } = await lda(conf, address, raw, folder);
        if (code === 0) return;
        if (code !== 75 || attempt >= 8) throw new Error(`dovecot-lda exit ${code}: ${err}`);
        await new Promise((r) => setTimeout(r, 250 * attempt));
      }
    },
    async client(address, password = PASSWORD) {
      const client = new ImapFlow({
        host: '127.0.0.1',
        port,
        secure: false,
        auth: { user: address, pass: password },
        logger: false,
      });
      client.on('error', () => {});
      await client.connect();
      return client;
    },
    async stop() {
      process.off('exit', onExit);
      await run(DOVECOT, ['-c', conf, 'stop']).catch(() => {});
      // Its imap processes may still be writing their indexes as they exit.
      rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}
