import { emailAccounts } from '../../../db/schema';
import { type HeldConnection, holdConnection } from '../../../lib/held-connection';
import type { SyncEnv } from './types';
import { AccountWorker, DEFAULT_TIMING, type WorkerTiming } from './worker';

/** First key of the two-key advisory locks that say which instance syncs which account. */
const LOCK_CLASS = 0x51_53_4d; // "QSM"

/**
 * Runs one AccountWorker per enabled account and keeps that set up to date (new, changed, disabled
 * accounts). On PostgreSQL an instance only syncs an account whose advisory lock it holds, on a
 * connection kept for that purpose: with several instances each mailbox is synced by exactly one,
 * and when that one dies its locks go with its connection and another takes over at its next look.
 */
export class SyncManager {
  private workers = new Map<number, AccountWorker>();
  /** Session advisory locks live on this connection: one per instance, held while it syncs. */
  private lockClient: HeldConnection | null = null;
  private timer: NodeJS.Timeout | undefined;
  private reconciling: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly env: SyncEnv,
    private readonly timing: WorkerTiming = DEFAULT_TIMING,
    /** How often the account list is looked at again. */
    private readonly reconcileMs = 60_000,
  ) {}

  async start(): Promise<void> {
    await this.reconcile();
    this.timer = setInterval(() => void this.reconcile(), this.reconcileMs);
    this.timer.unref();
  }

  /** Syncs the account now (starting its worker if it is new); resolves when that sync is over. */
  async requestSync(accountId: number): Promise<void> {
    await this.reconcile();
    await this.workers.get(accountId)?.requestSync();
  }

  reconcile(): Promise<void> {
    this.reconciling ??= this.reconcileOnce()
      .catch((err: unknown) => this.env.log('email sync: reconcile failed', err))
      .finally(() => {
        this.reconciling = null;
      });
    return this.reconciling;
  }

  private async reconcileOnce(): Promise<void> {
    if (this.stopped) return;
    const accounts = await this.env.db
      .select({ id: emailAccounts.id, enabled: emailAccounts.enabled, updatedAt: emailAccounts.updatedAt })
      .from(emailAccounts);
    const wanted = new Map(accounts.filter((a) => a.enabled).map((a) => [a.id, a.updatedAt.getTime()]));
    for (const [id, worker] of this.workers) {
      if (wanted.get(id) === worker.version) continue;
      this.workers.delete(id);
      await worker.stop();
      if (!wanted.has(id)) await this.unlock(id);
    }
    for (const [id, version] of wanted) {
      if (this.stopped || this.workers.has(id)) continue;
      if (!(await this.tryLock(id))) continue;
      const worker = new AccountWorker(this.env, id, version, this.timing);
      this.workers.set(id, worker);
      worker.start();
    }
  }

  private async tryLock(accountId: number): Promise<boolean> {
    const pool = this.env.database.pool;
    if (!pool) return true; // PGlite: one process only (the data-dir lock).
    if (!this.lockClient) {
      const held = holdConnection(await pool.connect(), (err) => {
        // The locks went with the connection: stop syncing until they are taken again.
        this.env.log('email sync: lock connection lost', err);
        if (this.lockClient === held) this.lockClient = null;
        for (const worker of this.workers.values()) void worker.stop();
        this.workers.clear();
      });
      this.lockClient = held;
    }
    const res = await this.lockClient.client.query<{ ok: boolean }>(
      'SELECT pg_try_advisory_lock($1, $2) AS ok',
      [LOCK_CLASS, accountId],
    );
    return res.rows[0]?.ok === true;
  }

  private async unlock(accountId: number): Promise<void> {
    await this.lockClient?.client
      .query('SELECT pg_advisory_unlock($1, $2)', [LOCK_CLASS, accountId])
      .catch(() => {});
  }

  /** The accounts this instance is syncing now. */
  activeAccounts(): number[] {
    return [...this.workers.keys()].sort((a, b) => a - b);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.reconciling;
    await Promise.all([...this.workers.values()].map((w) => w.stop()));
    this.workers.clear();
    this.lockClient?.release();
    this.lockClient = null;
  }
}
