import { demoSeeded, demoStatus, envelope } from '@quayside/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { demoAvailable, seedDemo } from '../../demo';
import { ok } from '../../lib/envelope';
import { conflict } from '../../lib/errors';

const adminOnly = { access: ['admin'] } as const;

export default async function demoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['demo'];
  // Two clicks at once must not both pass the "new database" check and add everything twice.
  let seeding: ReturnType<typeof seedDemo> | null = null;

  app.get(
    '/api/demo/',
    { config: adminOnly, schema: { tags, response: { 200: envelope(demoStatus) } } },
    async () => ok({ available: seeding === null && (await demoAvailable(app.ctx.db)) }),
  );

  app.post(
    '/api/demo/seed/',
    {
      config: adminOnly,
      schema: { tags, body: z.object({}).strict().optional(), response: { 200: envelope(demoSeeded) } },
    },
    async () => {
      if (seeding) throw conflict('demoNotAvailable');
      seeding = seedDemo(app.ctx);
      try {
        const added = await seeding;
        if (!added) throw conflict('demoNotAvailable');
        return ok(added);
      } finally {
        seeding = null;
      }
    },
  );
}
