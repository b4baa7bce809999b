import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * At most `max` public pages are worked on at once; the others wait their turn in order. A crowd of
 * visitors (or a crawler) then queues behind a few slots instead of filling the event loop, and the
 * back office's requests, which do not queue here, keep their pace.
 */
export function shareFairly(app: FastifyInstance, max: number): void {
  let running = 0;
  const waiting: (() => void)[] = [];
  const holding = new WeakSet<FastifyRequest>();
  const release = (request: FastifyRequest) => {
    if (!holding.delete(request)) return;
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  app.addHook('preHandler', async (request) => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    holding.add(request);
  });
  app.addHook('onResponse', async (request) => release(request));
  app.addHook('onRequestAbort', async (request) => release(request));
}

/** Public pages worked on at once: enough to keep both cores busy while a page waits for the database. */
export const SITE_SLOTS = 4;
