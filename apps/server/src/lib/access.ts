import type { Role } from '@quayside/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, authRequired, forbidden } from './errors';
import { findSession, type SessionUser } from './sessions';

export const TOKEN_COOKIE = 'rs-token';

/**
 * Who may call a route, declared beside it as `config: { access }`:
 * 'public' (no token), 'user' (any signed-in user) or the roles admitted (admin is always admitted).
 */
export type Access = 'public' | 'user' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A GET that changes something (email/compose creates a draft): like every POST, it takes the
     * token from the X-Token header only, never from the cookie or ?token=, which another site can
     * make the browser send.
     */
    changesState?: boolean;
    /** Answers a user who must still change their password (change_password, user_info, logout). */
    beforePasswordChange?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, for the role-matrix test and the docs. */
    apiRoutes: { method: string; url: string; access: Access }[];
  }
}

export function isAllowed(access: Access, roles: readonly Role[]): boolean {
  if (access === 'public' || access === 'user') return true;
  return roles.includes('admin') || access.some((r) => roles.includes(r));
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-token'];
  if (typeof header === 'string' && header) return header;
  // Reads also take ?token= (spec §7 does it for user_info; EventSource cannot send headers) and the
  // web app's rs-token cookie (an <img> of an avatar cannot either). Calls that change state need the
  // header, which another site cannot set: no cross-site request forgery.
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  if (isRead && !request.routeOptions.config?.changesState) {
    const query = request.query as Record<string, unknown> | undefined;
    if (typeof query?.token === 'string' && query.token) return query.token;
    const cookie = request.cookies?.[TOKEN_COOKIE];
    if (cookie) return cookie;
  }
  return undefined;
}

/**
 * The signed-in user of the request's token, or null (none, or one that ended); until they change a
 * password they must change, 403 PASSWORD_CHANGE_REQUIRED except on the few routes that allow it.
 * A 'public' route that answers differently to a signed-in user (file downloads) asks this itself.
 */
export async function sessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  const token = tokenOf(request);
  const { db, config } = request.server.ctx;
  const user = token ? await findSession(db, token, config.sessionDays) : null;
  if (user?.mustChangePassword && !request.routeOptions.config?.beforePasswordChange) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED', 'passwordChangeRequired');
  }
  return user;
}

/** The one permission check of the server: every /api route must declare its access, or the app will not start. */
async function accessControl(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorate('apiRoutes', []);

  app.addHook('onRoute', (route) => {
    // The API browser of @fastify/swagger-ui is public documentation.
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} declares no access (config.access)`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'public') return;
    const user = await sessionUser(request);
    if (!user) throw authRequired();
    if (!isAllowed(access, user.roles)) throw forbidden();
    request.user = user;
  });
}

export default fp(accessControl, { name: 'access-control', dependencies: ['context'] });

/** The signed-in user of a route whose access is not 'public'. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw authRequired();
  return request.user;
}
