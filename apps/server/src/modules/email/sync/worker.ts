import type { ImapFlow } from 'imapflow';
import { loadAccount, syncAccount } from './account';
import { createImapClient, imapErrorMessage, imapSettings } from './imap';
import type { SyncEnv } from './types';

export type WorkerTiming = {
  /** A full sync runs this often whatever IDLE says (sync rule 7: IDLE dies silently on some servers). */
  pollMs: number;
  /** Reconnect and retry delays grow from base to max (doubling) while failures go on. */
  backoffBaseMs: number;
  backoffMaxMs: number;
};

export const DEFAULT_TIMING: WorkerTiming = {
  pollMs: 3 * 60_000,
  backoffBaseMs: 2_000,
  backoffMaxMs: 5 * 60_000,
};

/**
 * Keeps one account in sync: syncs run one at a time (a request during a run queues one more run),
 * an IDLE connection on INBOX turns server events into sync requests, a timer polls, and failures
 * retry with backoff. Nothing here throws: one account's trouble stays with it.
 */
export class AccountWorker {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private failures = 0;
  private watchFailures = 0;
  private watcher: ImapFlow | null = null;
  private timers = new Set<NodeJS.Timeout>();
  private poll: NodeJS.Timeout | undefined;

  constructor(
    private readonly env: SyncEnv,
    readonly accountId: number,
    /** The account's updated_at when the worker started: a change restarts the worker. */
    readonly version: number,
    private readonly timing: WorkerTiming = DEFAULT_TIMING,
  ) {}

  start(): void {
    void this.requestSync();
    void this.watch();
    this.poll = setInterval(() => void this.requestSync(), this.timing.pollMs);
    this.poll.unref();
  }

  /** Runs a sync now, or once more after the current one; resolves when that run is over. */
  requestSync(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await syncAccount(this.env, this.accountId);
        this.failures = 0;
      } catch (err) {
        this.failures += 1;
        this.env.log(`email account ${this.accountId}: sync failed: ${imapErrorMessage(err)}`);
        this.later(() => void this.requestSync(), this.delay(this.failures));
        return;
      }
    } while (this.again && !this.stopped);
  }

  private delay(failures: number): number {
    return Math.min(this.timing.backoffMaxMs, this.timing.backoffBaseMs * 2 ** Math.max(0, failures - 1));
  }

  private later(fn: () => void, ms: number): void {
    if (this.stopped) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    t.unref();
    this.timers.add(t);
  }

  /** The IDLE connection: exists/expunge/flags only ask for a sync (sync rule 7). */
  private async watch(): Promise<void> {
    if (this.stopped) return;
    let client: ImapFlow | undefined;
    let retried = false;
    const retry = () => {
      if (retried) return;
      retried = true;
      this.watchFailures += 1;
      this.later(() => void this.watch(), this.delay(this.watchFailures));
    };
    try {
      const account = await loadAccount(this.env, this.accountId);
      if (!account?.enabled) return;
      client = createImapClient(imapSettings(account, this.env.secret), { idle: true });
      const signal = () => void this.requestSync();
      client.on('exists', signal);
      client.on('expunge', signal);
      client.on('flags', signal);
      const self = client;
      client.on('close', () => {
        if (this.watcher === self) this.watcher = null;
        retry();
      });
      this.watcher = client;
      await client.connect();
      await client.mailboxOpen('INBOX', { readOnly: true });
      this.watchFailures = 0;
      // Mail that arrived while the watcher was away.
      void this.requestSync();
    } catch (err) {
      this.env.log(`email account ${this.accountId}: watcher: ${imapErrorMessage(err)}`);
      client?.close();
      retry();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    const watcher = this.watcher;
    this.watcher = null;
    if (watcher) await watcher.logout().catch(() => watcher.close());
    await this.running?.catch(() => {});
  }
}
