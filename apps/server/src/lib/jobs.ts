import { fromPglite, type Job, PgBoss, type SendOptions } from 'pg-boss';
import type { Database } from '../db/client';

export type JobHandler<T> = (jobs: Job<T>[]) => Promise<void>;

export type Jobs = {
  boss: PgBoss;
  /** Creates the queue (if new) and starts working it. */
  work<T extends object>(
    queue: string,
    handler: JobHandler<T>,
    options?: { pollingIntervalSeconds?: number },
  ): Promise<void>;
  /**
   * Creates the queue (if new) and adds a job; a job due now wakes this process's workers of the
   * queue at once instead of at their next poll.
   */
  send<T extends object>(queue: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Records a worker started with `boss.work` directly, so that `send` can wake it. */
  track(queue: string, workId: string): void;
  schedule(queue: string, cron: string): Promise<void>;
  healthy(): Promise<{ ok: boolean; queues: number }>;
  stop(): Promise<void>;
};

/** pg-boss on the app's own database: PGlite in-process, or its own small pool on PostgreSQL. */
export async function startJobs(database: Database, log: (err: unknown) => void): Promise<Jobs> {
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite) })
    : new PgBoss({ connectionString: poolUrl(database), max: 4 });
  boss.on('error', log);
  await boss.start();
  const created = new Set<string>();
  const workIds = new Map<string, Set<string>>();
  const track = (queue: string, workId: string) => {
    workIds.set(queue, (workIds.get(queue) ?? new Set()).add(workId));
  };
  const ensureQueue = async (queue: string) => {
    if (created.has(queue)) return;
    await boss.createQueue(queue);
    created.add(queue);
  };
  return {
    boss,
    async work(queue, handler, options) {
      await ensureQueue(queue);
      track(
        queue,
        await boss.work(queue, { pollingIntervalSeconds: options?.pollingIntervalSeconds ?? 2 }, handler),
      );
    },
    async send(queue, data, options) {
      await ensureQueue(queue);
      const id = await boss.send(queue, data, options);
      if (isDue(options?.startAfter))
        for (const workId of workIds.get(queue) ?? []) boss.notifyWorker(workId);
      return id;
    },
    track,
    async schedule(queue, cron) {
      await ensureQueue(queue);
      await boss.schedule(queue, cron);
    },
    async healthy() {
      try {
        const queues = await boss.getQueues();
        return { ok: true, queues: queues.length };
      } catch {
        return { ok: false, queues: 0 };
      }
    },
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}

/** Whether a job with this `startAfter` (seconds from now, or a time) may start at once. */
function isDue(startAfter: SendOptions['startAfter']): boolean {
  if (startAfter === undefined) return true;
  if (typeof startAfter === 'number') return startAfter <= 0;
  return new Date(startAfter).getTime() <= Date.now();
}

function poolUrl(database: Database): string {
  const url = (database.pool?.options as { connectionString?: string } | undefined)?.connectionString;
  if (!url) throw new Error('PostgreSQL database without a connection string');
  return url;
}
