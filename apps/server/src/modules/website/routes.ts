import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import websiteAdminRoutes from './admin-routes';
import { serveKeptPagesFirst } from './fast-path';
import { originOf } from './render';
import siteRoutes from './site-routes';
import { changesSite, learnStaffOrigin, loadHostName, siteChanged, watchSiteChanges } from './site-state';

/**
 * The public website (/site, and `/` of its own host name) and its settings (/api/website). Not
 * encapsulated: its hook sees every write of the app, and a successful one that changes what the
 * site shows empties the page caches of every instance (site-state.ts).
 */
async function websiteRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await loadHostName(ctx);
  const unwatch = watchSiteChanges(ctx);
  app.addHook('onClose', async () => unwatch());
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 && changesSite(request.method, request.url)) siteChanged(ctx);
    // The back office's own address, as its signed-in users reach it: /site pages may be kept for it.
    if (request.user) learnStaffOrigin(ctx, originOf(request));
    return payload;
  });
  await app.register(websiteAdminRoutes);
  await app.register(siteRoutes);
  serveKeptPagesFirst(app);
}

export default fp(websiteRoutes, { name: 'website', dependencies: ['context'] });
