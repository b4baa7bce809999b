import { envelope, SEARCH_KINDS, type SearchKind, searchAnswer, searchQuery } from '@quayside/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { mayCall } from '../dashboard/routes';
import { searchEverywhere } from './service';

/** The list route whose declared access decides whether a kind is searched for a user. */
const LIST_OF: Record<SearchKind, string> = {
  customer: '/api/customer/list/',
  email: '/api/email/list/',
  inquiry: '/api/inquiry/list/',
  quotation: '/api/quotation/list/',
  order: '/api/order/list/',
  invoice: '/api/invoice/list/',
  packing_list: '/api/packing_list/list/',
  product: '/api/product/list/',
};

/** Search everywhere (the top bar, Ctrl/Cmd+K): any signed-in user, each kind only if its list is open to her. */
export default async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  app.get(
    '/api/search/',
    {
      config: { access: 'user' },
      schema: { tags: ['search'], querystring: searchQuery, response: { 200: envelope(searchAnswer) } },
    },
    async (request) => {
      const user = currentUser(request);
      const kinds = SEARCH_KINDS.filter((kind) => mayCall(fastify, LIST_OF[kind], user));
      return ok(await searchEverywhere(db, request.query.q, user, kinds));
    },
  );
}
