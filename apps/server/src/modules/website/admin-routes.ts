import { envelope, websiteSettings, websiteSettingsAnswer } from '@quayside/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { getWebsiteSettings, saveWebsiteSettings } from './settings';
import { siteState } from './site-state';

/** The Website screen's settings: admins only (the letterhead is part of them). */
export default async function websiteAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['website'];
  const admin = { access: ['admin'] } as const;
  app.get(
    '/api/website/settings/',
    { config: admin, schema: { tags, response: { 200: envelope(websiteSettingsAnswer) } } },
    async () => ok(await getWebsiteSettings(db)),
  );
  app.post(
    '/api/website/update_settings/',
    {
      config: admin,
      schema: { tags, body: websiteSettings, response: { 200: envelope(websiteSettingsAnswer) } },
    },
    async (request) => {
      const saved = await saveWebsiteSettings(db, request.body, currentUser(request));
      // This instance serves the new host name from the next request on; others as the change reaches them.
      siteState(app.ctx).hostName = saved.site.host_name;
      return ok(saved);
    },
  );
}
