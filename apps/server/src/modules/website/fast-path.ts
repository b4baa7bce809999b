import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../lib/context';
import { keptOrigin, pageRoute } from './cache-key';
import { type CachedPage, pickEncoding, type Wire } from './page-cache';
import { rewriteSiteUrl, siteState } from './site-state';

/**
 * Kept pages answered before Fastify sees the request. A hit through Fastify's hooks cost ~0.1 ms
 * of CPU besides the socket write (routing, a child logger, helmet's ten headers set one by one,
 * the cookie and compression hooks, the reply's onSend chain); here it is a map lookup and one
 * `writeHead` of a header list built once per page. Everything else (a miss, a POST, a proxy's
 * forwarded headers to trust, an injected test request) goes through Fastify as before.
 *
 * The headers are Fastify's own: the security headers are copied from the first site page Fastify
 * sent (`rememberBaseHeaders`), the page's own come with the kept copy. Hits are not logged one by
 * one (as static files behind a proxy are not).
 */
export function serveKeptPagesFirst(app: FastifyInstance): void {
  const { ctx, server } = app;
  const listeners = server.listeners('request') as RequestListener[];
  const fastify = listeners[0];
  if (listeners.length !== 1 || !fastify) return; // not the server Fastify made: leave it alone
  server.removeListener('request', fastify);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    let page: CachedPage | null = null;
    try {
      page = keptFor(ctx, req);
    } catch {
      // Whatever this shortcut cannot read (an odd address or header), Fastify answers as usual.
    }
    if (!page) {
      fastify.call(server, req, res);
      return;
    }
    const kept = page;
    const state = siteState(ctx);
    const base = state.baseHeaders!;
    state
      .pace()
      .then(() => {
        if (res.destroyed || res.headersSent) return;
        state.fastHits++;
        writeKept(req, res, kept, base);
      })
      .catch((err: unknown) => {
        // A throw in here would otherwise be an unhandled rejection, which ends the process.
        app.log.error({ err }, 'website: a kept page could not be written');
        res.destroy();
      });
  });
}

/** The kept page a raw request asks for, when it can be answered here; null: Fastify answers. */
function keptFor(ctx: AppContext, req: IncomingMessage): CachedPage | null {
  if (req.method !== 'GET') return null;
  const state = siteState(ctx);
  if (!state.baseHeaders || state.cache.count === 0) return null;
  const { headers } = req;
  // A trusted proxy's forwarded scheme or host is Fastify's to read (its trust rules).
  if (ctx.config.trustProxy && (headers['x-forwarded-host'] || headers['x-forwarded-proto'])) return null;
  const host = headers.host;
  if (!host) return null;
  const route = pageRoute(rewriteSiteUrl(ctx, req));
  if (!route) return null;
  const protocol = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  const origin = keptOrigin(state, protocol, host, req.socket.localPort);
  return origin ? (state.cache.get(`${origin} ${route}`) ?? null) : null;
}

let lastAccept: string | undefined;
let lastEncoding: 'br' | 'gzip' | null = null;

function writeKept(req: IncomingMessage, res: ServerResponse, page: CachedPage, base: string[]): void {
  page.wire ??= buildWire(base, page);
  const { wire } = page;
  if (req.headers['if-none-match'] === page.etag) {
    res.writeHead(304, wire.notModified);
    res.end();
    return;
  }
  const accept = req.headers['accept-encoding'];
  if (accept !== lastAccept) {
    lastAccept = accept;
    lastEncoding = pickEncoding(accept);
  }
  const encoding = lastEncoding;
  res.writeHead(200, encoding === 'br' ? wire.br : encoding === 'gzip' ? wire.gzip : wire.raw);
  res.end(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.raw);
}

function buildWire(base: string[], page: CachedPage): Wire {
  const common = [...base, ...Object.entries(page.headers).flat(), 'ETag', page.etag];
  const body = (encoding: string | null, buffer: Buffer) => [
    ...common,
    ...(encoding ? ['Content-Encoding', encoding] : []),
    'Content-Length',
    String(buffer.length),
  ];
  return {
    br: body('br', page.br),
    gzip: body('gzip', page.gzip),
    raw: body(null, page.raw),
    notModified: common,
  };
}

/**
 * The headers every site page gets besides its own (helmet's, set in its onRequest hook): taken from
 * the first page Fastify sends, before the page's own are added, and kept for the fast path.
 */
export function rememberBaseHeaders(ctx: AppContext, reply: FastifyReply): void {
  const state = siteState(ctx);
  if (state.baseHeaders) return;
  const base: string[] = [];
  for (const [name, value] of Object.entries(reply.getHeaders() as OutgoingHttpHeaders)) {
    if (value === undefined || /^(content-|etag$|vary$|cache-control$)/i.test(name)) continue;
    base.push(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  state.baseHeaders = base;
}
