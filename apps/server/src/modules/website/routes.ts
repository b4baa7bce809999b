import type { FastifyInstance } from 'fastify';
import websiteAdminRoutes from './admin-routes';
import siteRoutes from './site-routes';

/** The public website (/site) and its settings (/api/website). */
export default async function websiteRoutes(app: FastifyInstance) {
  await app.register(websiteAdminRoutes);
  await app.register(siteRoutes);
}
