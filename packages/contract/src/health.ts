import { z } from 'zod';

export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'postgres']), latency_ms: z.number() }),
  jobs: z.object({ ok: z.boolean(), queues: z.number().int() }),
  version: z.string(),
  uptime_s: z.number(),
});
