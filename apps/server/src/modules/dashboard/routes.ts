import {
  type DashboardQuery,
  dashboardCharts,
  dashboardQuery,
  dashboardSummary,
  envelope,
} from '@quayside/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, isAllowed } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { forbidden } from '../../lib/errors';
import type { SessionUser } from '../../lib/sessions';
import { dashboardCharts as chart } from './charts';
import { dashboardSummary as summarise } from './service';

/**
 * Whether a user may call a GET route, by the access that route declares beside it: the dashboard
 * and the search reuse each list's own rule instead of writing a second one.
 */
export function mayCall(app: FastifyInstance, url: string, user: SessionUser): boolean {
  const route = app.apiRoutes.find((r) => r.method === 'GET' && r.url === url);
  if (!route) throw new Error(`No route GET ${url}`);
  return isAllowed(route.access, user.roles);
}

/** Picking a salesperson is the admin's; an editor may only name herself. */
function checkOwner(query: DashboardQuery, user: SessionUser): void {
  if (query.owner_id !== undefined && query.owner_id !== user.id && !user.roles.includes('admin'))
    throw forbidden();
}

/** The dashboard (spec §2): any signed-in user, each card only when its list is open to them. */
export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const reachOf = (user: SessionUser) => ({
    emails: mayCall(fastify, '/api/email/list/', user),
    inquiries: mayCall(fastify, '/api/inquiry/list/', user),
    quotations: mayCall(fastify, '/api/quotation/list/', user),
    orders: mayCall(fastify, '/api/order/list/', user),
    tasks: mayCall(fastify, '/api/task/list/', user),
  });
  app.get(
    '/api/dashboard/summary/',
    {
      config: { access: 'user' },
      schema: {
        tags: ['dashboard'],
        querystring: dashboardQuery,
        response: { 200: envelope(dashboardSummary) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      checkOwner(request.query, user);
      return ok(await summarise(db, request.query, user, reachOf(user)));
    },
  );
  app.get(
    '/api/dashboard/charts/',
    {
      config: { access: 'user' },
      schema: {
        tags: ['dashboard'],
        querystring: dashboardQuery,
        response: { 200: envelope(dashboardCharts) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      checkOwner(request.query, user);
      return ok(await chart(db, request.query, user, reachOf(user)));
    },
  );
}
