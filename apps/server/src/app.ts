import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { TrustProxy } from './config';
import accessControl from './lib/access';
import { type AppContext, contextPlugin } from './lib/context';
import { firstPaintPage, loadFirstPaint } from './lib/first-paint';
import httpErrors, { sendRouteNotFound } from './lib/http';
import { safeLogger } from './lib/logging';
import { registerOpenApi } from './lib/openapi';
import securityHeaders, { appCspHeader } from './lib/security-headers';
import { serializerCompiler, validatorCompiler } from './lib/validation';
import authRoutes from './modules/auth/routes';
import customerRoutes from './modules/customers/routes';
import dashboardRoutes from './modules/dashboard/routes';
import demoRoutes from './modules/demo/routes';
import emailRoutes from './modules/email/routes';
import eventRoutes from './modules/events/routes';
import fileRoutes from './modules/files/routes';
import healthRoutes from './modules/health/routes';
import inquiryRoutes from './modules/inquiries/routes';
import invoiceRoutes from './modules/invoices/routes';
import lookupRoutes from './modules/lookups/routes';
import orderRoutes from './modules/orders/routes';
import packingListRoutes from './modules/packing-lists/routes';
import productRoutes from './modules/products/routes';
import quotationRoutes from './modules/quotations/routes';
import searchRoutes from './modules/search/routes';
import settingsRoutes from './modules/settings/routes';
import taskRoutes from './modules/tasks/routes';
import userRoutes from './modules/users/routes';
import websiteRoutes from './modules/website/routes';
import { rewriteSiteUrl } from './modules/website/site-state';

/** Every module's routes; a new module adds one line here. */
const modules = [
  authRoutes,
  userRoutes,
  customerRoutes,
  demoRoutes,
  fileRoutes,
  lookupRoutes,
  healthRoutes,
  eventRoutes,
  emailRoutes,
  productRoutes,
  quotationRoutes,
  packingListRoutes,
  orderRoutes,
  invoiceRoutes,
  inquiryRoutes,
  settingsRoutes,
  websiteRoutes,
  taskRoutes,
  // Last: the dashboard and the search read the other routes' declared access.
  dashboardRoutes,
  searchRoutes,
];

export type BuildOptions = { logger?: FastifyServerOptions['logger'] };

/** The Fastify instance with every plugin and module; tests inject into it. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: safeLogger(options.logger),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 5 * 1024 * 1024,
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    // The website's own host name (an admin setting) serves the site at `/`.
    rewriteUrl: (req) => rewriteSiteUrl(ctx, req),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(contextPlugin, ctx);
  await app.register(securityHeaders);
  await app.register(httpErrors);
  // JSON answers over 1 kB go compressed to a browser that accepts it (a list page: 30 kB → 5 kB).
  // Brotli at level 4: close to gzip's CPU cost, smaller output; level 11 is for the build's files.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  await app.register(multipart);
  await registerOpenApi(app);
  await app.register(accessControl);

  for (const module of modules) await app.register(module);
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  await serveWebApp(app, ctx.config.webDist);
  return app;
}

/** A hop count as the function Fastify builds from one (its types accept no number). */
function trustProxyOption(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

const PAGE_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * The built React app, with index.html for every app route (the router runs in the browser).
 * The build holds a brotli and a gzip copy of each text file; the one the browser accepts is sent.
 * Hashed files under /assets/ never change: cached for a year. index.html is revalidated on each
 * visit, so a new version shows at the next load.
 */
async function serveWebApp(app: FastifyInstance, dist: string) {
  const index = path.join(dist, 'index.html');
  const hasWeb = existsSync(index);
  const firstPaint = hasWeb ? loadFirstPaint(dist) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      preCompressed: true,
      // Our own Cache-Control below: send's default (`max-age=0`) would overwrite it.
      cacheControl: false,
      setHeaders: (res, file) => {
        const immutable = path.relative(dist, file).startsWith(`assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  // A hashed script or stylesheet is no page: the headers that only mean something on a document
  // (its policy, framing, opener) would add ~0.5 kB to each of the first visit's dozen files.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/assets/')) for (const name of PAGE_ONLY_HEADERS) reply.removeHeader(name);
  });
  /** index.html, or for a visit of the dashboard or the login page, the page with its first paint. */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const page =
      firstPaint &&
      (await firstPaintPage(request, firstPaint, await readFile(index, 'utf8')).catch((error: unknown) => {
        // The app itself still loads, and tells what is wrong when it asks.
        request.log.error({ err: error }, 'first paint failed');
        return null;
      }));
    if (!page) return reply.sendFile('index.html');
    // Allowed its one inline script; chosen by the session and the language. The signed-in one is
    // personal: never stored by the browser or a proxy.
    return reply
      .header('Cache-Control', page.personal ? 'no-store' : 'no-cache')
      .header('Vary', 'Cookie, Accept-Language, Accept-Encoding')
      .header('Content-Security-Policy', appCspHeader([page.scriptHash]))
      .type('text/html; charset=utf-8')
      .send(page.html);
  };
  // `/` would be the static index.html: it is the dashboard's address too.
  if (hasWeb) app.get('/', { schema: { hide: true } }, sendPage);
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    // A missing hashed file (an old tab asking for the chunk of a previous version) is a 404, not
    // index.html: the browser then reports a failed import instead of running HTML as a script.
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWeb && request.method === 'GET') return sendPage(request, reply);
    return sendRouteNotFound(request, reply);
  });
}
