import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/access';

const HEARTBEAT_MS = 25_000;

/** Server-Sent Events for one signed-in browser tab: unread count, new mail, task progress. */
export default async function eventRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Open streams, ended as the server starts closing: the HTTP server waits for every connection,
  // and a stream never ends on its own (onClose would run only after that wait). The browser's
  // EventSource reconnects, through the load balancer, to another instance.
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

  app.get(
    '/api/events/',
    {
      config: { access: 'user' },
      schema: {
        tags: ['events'],
        querystring: z.object({ token: z.string().optional() }),
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.write('retry: 5000\n\n');
      open.add(res);
      const unsubscribe = app.ctx.events.subscribe(user.id, (event) => {
        res.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
      });
    },
  );
}
