import { envelope, failureEnvelope, health, liveness } from '@quayside/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { failure, ok } from '../../lib/envelope';
import { requestLanguage, translate } from '../../lib/i18n';
import { checkHealth, notReadyReasons, uptimeSeconds } from './service';

/**
 * `/api/health/` reports every part (always 200, for people and dashboards); `/live/` says the
 * process answers (a liveness probe restarts it when not); `/ready/` answers 503 while this instance
 * should get no traffic (a load balancer's readiness probe).
 */
export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'public' } as const;
  app.get(
    '/api/health/',
    { config, schema: { tags: ['health'], response: { 200: envelope(health) } } },
    async () => ok(await checkHealth(app.ctx)),
  );
  app.get(
    '/api/health/live/',
    { config, schema: { tags: ['health'], response: { 200: envelope(liveness) } } },
    async () => ok({ alive: true as const, uptime_s: uptimeSeconds() }),
  );
  app.get(
    '/api/health/ready/',
    {
      config,
      schema: { tags: ['health'], response: { 200: envelope(health), 503: failureEnvelope } },
    },
    async (request, reply) => {
      const state = await checkHealth(app.ctx);
      if (state.ready) return ok(state);
      const reasons = notReadyReasons(state).join(', ');
      const msg = translate(requestLanguage(request), 'notReady', { reasons });
      return reply.code(503).send(failure('NOT_READY', msg, state));
    },
  );
}
