import type { AppContext } from '../../lib/context';
import { SyncManager } from './sync/manager';
import { DEFAULT_SYNC_OPTIONS, type SyncEnv, type SyncOptions } from './sync/types';
import { DEFAULT_TIMING, type WorkerTiming } from './sync/worker';

/** A durable "sync this account now" request (after an account is saved), worked by the sync manager. */
export const EMAIL_SYNC_QUEUE = 'email-sync';

export function syncEnv(ctx: AppContext, options: Partial<SyncOptions> = {}): SyncEnv {
  return {
    database: ctx.database,
    db: ctx.db,
    files: ctx.files,
    events: ctx.events,
    secret: ctx.config.secret,
    options: { ...DEFAULT_SYNC_OPTIONS, ...options },
    log: (message, err) => console.error(`[email] ${message}`, err ?? ''),
  };
}

export type EmailSyncSettings = {
  sync?: Partial<SyncOptions>;
  timing?: Partial<WorkerTiming>;
  reconcileMs?: number;
  log?: SyncEnv['log'];
};

/**
 * Starts background mail sync (server.ts, once the job queue runs): a worker per enabled account,
 * and the queue that account changes are announced on.
 */
export async function startEmailSync(
  ctx: AppContext,
  settings: EmailSyncSettings = {},
): Promise<SyncManager> {
  const env = syncEnv(ctx, settings.sync);
  if (settings.log) env.log = settings.log;
  const manager = new SyncManager(env, { ...DEFAULT_TIMING, ...settings.timing }, settings.reconcileMs);
  if (ctx.jobs) {
    await ctx.jobs.work<{ accountId: number }>(EMAIL_SYNC_QUEUE, async (jobs) => {
      // Started, not awaited: a long first sync must not hold the queue.
      for (const job of jobs) void manager.requestSync(job.data.accountId);
    });
  }
  await manager.start();
  return manager;
}

/** Asks the sync manager (of whichever instance works the queue) to sync an account now. */
export async function requestAccountSync(ctx: AppContext, accountId: number): Promise<void> {
  await ctx.jobs?.send(EMAIL_SYNC_QUEUE, { accountId });
}
