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

/** Kept pages sent per turn of the event loop (site-routes.ts): see `paced`. */
export const HITS_PER_TURN = 8;

/**
 * Waits for a turn of the event loop with room: at most `perTurn` callers go on per turn, the others
 * in the turns after, in order. Kept pages cost little each, but a crowd of visitors answered all in
 * one turn would make every await of a back-office request (each database reply) wait behind them;
 * paced, a turn stays short and the back office's replies are read between the site's batches.
 */
export function pacer(perTurn: number): () => Promise<void> {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const drain = () => {
    for (const go of waiting.splice(0, perTurn)) go();
    if (waiting.length > 0) setImmediate(drain);
    else scheduled = false;
  };
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!scheduled) {
        scheduled = true;
        setImmediate(drain);
      }
    });
}
