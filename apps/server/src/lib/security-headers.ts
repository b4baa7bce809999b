import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The policy of the app's own pages (index.html, static files, /api/docs). No inline script (the
 * dashboard's first paint allows its one by hash: `appCspHeader`); inline styles are allowed: the
 * theme writes antd's CSS variables as a <style> at run time, and index.html inlines its own. Images from anywhere: the email reader's sandboxed
 * srcdoc frame inherits this policy, and shows data: pictures and, on request, remote ones.
 */
export const APP_CSP: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** APP_CSP as a header value, with inline scripts allowed by their hashes ('sha256-…'). */
export function appCspHeader(scriptHashes: readonly string[] = []): string {
  const directives = {
    ...APP_CSP,
    scriptSrc: [...(APP_CSP.scriptSrc ?? []), ...scriptHashes.map((h) => `'${h}'`)],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
    .join(';');
}

const APP_HEADERS: FastifyHelmetOptions = {
  // useDefaults off: helmet's default adds upgrade-insecure-requests, which breaks an office server on http.
  contentSecurityPolicy: { useDefaults: false, directives: APP_CSP },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
  // Whether the site is https is the reverse proxy's decision, not the app's.
  strictTransportSecurity: false,
};

/** API answers are data, never a page: nosniff and the rest, without a page policy. */
const API_HEADERS = { ...APP_HEADERS, contentSecurityPolicy: false } as const;

/**
 * Security headers on every answer (@fastify/helmet). The policy is a per-route decision: a route
 * may declare its own `helmet` options (the public website will), an /api route without one gets
 * API_HEADERS, every other answer APP_HEADERS. Register before the routes.
 */
async function securityHeaders(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    if (isApi && route.helmet === undefined) route.helmet = API_HEADERS;
  });
  await app.register(helmet, { global: true, ...APP_HEADERS });
}

export default fp(securityHeaders, { name: 'security-headers' });
