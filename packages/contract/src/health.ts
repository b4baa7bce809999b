import { z } from 'zod';

/**
 * `GET /api/health/`: what this instance runs on and whether it can take requests. The first five
 * fields are the original contract; `ready` and the parts it is made of were added for load balancers.
 */
export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'postgres']), latency_ms: z.number() }),
  jobs: z.object({ ok: z.boolean(), queues: z.number().int() }),
  version: z.string(),
  uptime_s: z.number(),
  /** Database reachable, every migration applied, job queue up, and not shutting down. */
  ready: z.boolean(),
  /** A SIGTERM/SIGINT arrived: finishing the requests under way, taking no new ones. */
  stopping: z.boolean(),
  migrations: z.object({ ok: z.boolean(), applied: z.number().int(), expected: z.number().int() }),
  /** Mail accounts this instance syncs (on PostgreSQL each account is synced by one instance). */
  mail_sync: z.object({ started: z.boolean(), accounts: z.array(z.number().int()) }),
});
export type Health = z.infer<typeof health>;

/** `GET /api/health/live/`: the process answers (restart it when it does not). */
export const liveness = z.object({ alive: z.literal(true), uptime_s: z.number() });
