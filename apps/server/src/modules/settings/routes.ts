import { companySettings, companySettingsAnswer, envelope } from '@quayside/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { getCompanySettings, saveCompanySettings } from './service';

/** Company settings (letterhead of documents): admins read and write them. */
export default async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['settings'];
  const admin = { access: ['admin'] } as const;
  app.get(
    '/api/settings/company/',
    { config: admin, schema: { tags, response: { 200: envelope(companySettingsAnswer) } } },
    async () => ok(await getCompanySettings(db)),
  );
  app.post(
    '/api/settings/company/',
    {
      config: admin,
      schema: { tags, body: companySettings, response: { 200: envelope(companySettingsAnswer) } },
    },
    async (request) => ok(await saveCompanySettings(db, request.body, currentUser(request).id)),
  );
}
