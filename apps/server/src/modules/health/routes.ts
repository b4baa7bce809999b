import { envelope, health } from '@quayside/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';

const startedAt = Date.now();
const version = process.env.npm_package_version ?? '0.1.0';

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, jobs } = app.ctx;
  app.get(
    '/api/health/',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: envelope(health) } } },
    async () => {
      const t0 = performance.now();
      const dbOk = await database.query('SELECT 1').then(
        () => true,
        () => false,
      );
      const latency = Math.round((performance.now() - t0) * 100) / 100;
      const jobState = jobs ? await jobs.healthy() : { ok: false, queues: 0 };
      return ok({
        status: dbOk && jobState.ok ? ('ok' as const) : ('degraded' as const),
        database: { ok: dbOk, kind: database.kind, latency_ms: latency },
        jobs: jobState,
        version,
        uptime_s: Math.round((Date.now() - startedAt) / 1000),
      });
    },
  );
}
