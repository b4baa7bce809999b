import {
  addBlacklistBody,
  blacklistEntry,
  emailAccount,
  emailAccountBody,
  emailAccountQuery,
  envelope,
  idsBody,
  ipInfo,
  ipInfoQuery,
  listAnswer,
  listQuery,
  nationIdByCode,
  testAccountAnswer,
} from '@quayside/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { requestLanguage } from '../../lib/i18n';
import { isAdmin } from '../../lib/scope';
import { testAccount } from './account-test';
import { getAccount, listAccounts, saveAccount } from './accounts';
import { addToBlacklist, listBlacklist, removeFromBlacklist } from './blacklist';
import { countryName, lookupIp } from './geoip';
import { requestAccountSync } from './jobs';
import { ownAccounts } from './own-accounts';

const adminOnly = { access: ['admin'] } as const;

/**
 * Mail accounts, the blacklist and IP information: admin only; a salesperson reads her own accounts
 * (the folder lists' account filter), without their server settings (own-accounts.ts).
 */
export default async function emailAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.ctx;
  const tags = ['email'];

  app.get(
    '/api/email/get_email_account_detail/',
    {
      config: { access: ['sales'] },
      schema: {
        tags,
        querystring: emailAccountQuery,
        response: { 200: envelope(z.union([emailAccount, z.array(emailAccount)])) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!isAdmin(user)) return ok(await ownAccounts(db, user, request.query.id));
      return ok(request.query.id ? await getAccount(db, request.query.id) : await listAccounts(db));
    },
  );
  app.post(
    '/api/email/update_email_account/',
    {
      config: adminOnly,
      schema: { tags, body: emailAccountBody, response: { 200: envelope(emailAccount) } },
    },
    async (request) => {
      const account = await saveAccount(db, config.secret, request.body);
      await requestAccountSync(app.ctx, account.id);
      return ok(account);
    },
  );
  app.post(
    '/api/email/test_email_account/',
    {
      config: adminOnly,
      schema: { tags, body: emailAccountBody, response: { 200: envelope(testAccountAnswer) } },
    },
    async (request) => ok(await testAccount(db, config.secret, request.body, requestLanguage(request))),
  );

  app.get(
    '/api/email/black_list/',
    {
      config: adminOnly,
      schema: { tags, querystring: listQuery, response: { 200: envelope(listAnswer(blacklistEntry)) } },
    },
    async (request) => ok(await listBlacklist(db, request.query)),
  );
  app.post(
    '/api/email/add_black_list/',
    {
      config: adminOnly,
      schema: { tags, body: addBlacklistBody, response: { 200: envelope(blacklistEntry) } },
    },
    async (request) => ok(await addToBlacklist(db, { ...request.body, userId: currentUser(request).id })),
  );
  app.post(
    '/api/email/remove_black_list/',
    { config: adminOnly, schema: { tags, body: idsBody, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await removeFromBlacklist(db, request.body.ids);
      return ok(null);
    },
  );

  app.get(
    '/api/get_ip_info/',
    { config: adminOnly, schema: { tags, querystring: ipInfoQuery, response: { 200: envelope(ipInfo) } } },
    async (request) => {
      const { ip } = request.query;
      const place = await lookupIp(ip);
      return ok({
        ip,
        ...place,
        country: countryName(place.country_code, requestLanguage(request)),
        nation: nationIdByCode(place.country_code),
      });
    },
  );
}
