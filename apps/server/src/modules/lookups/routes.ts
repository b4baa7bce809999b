import { envelope, LOOKUPS, lookupsAnswer } from '@quayside/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';

export default async function lookupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/lookups/',
    { config: { access: 'user' }, schema: { tags: ['lookups'], response: { 200: envelope(lookupsAnswer) } } },
    async () => ok(LOOKUPS),
  );
}
