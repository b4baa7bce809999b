import {
  envelope,
  order,
  orderCreate,
  orderDiff,
  orderDiffQuery,
  orderFromQuotation,
  orderIdQuery,
  orderIdsBody,
  orderListAnswer,
  orderListQuery,
  orderPaymentCreate,
  orderPaymentDelete,
  orderPdfQuery,
  orderStatusSet,
  orderUpdate,
  orderVersion,
  orderVersionQuery,
} from '@quayside/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { contentDisposition } from '../../lib/files';
import { requestLanguage } from '../../lib/i18n';
import { sendXlsx } from '../../lib/spreadsheet';
import { listOrders } from './list';
import { orderPdf, orderPdfFileName } from './pdf';
import * as service from './service';
import { exportOrderList } from './spreadsheet';

/**
 * Orders: admins and salespeople (spec §2 made them admin-only; a salesperson works her own, issue
 * 32). Every call is narrowed by the document rule (lib/scope.ts); an editor has none.
 * docs/decisions/documents.md, docs/decisions/who-sees-what.md.
 */
export default async function orderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files: store } = app.ctx;
  const tags = ['orders'];
  const config = { access: ['sales'] } as const;
  const answer = { 200: envelope(order) };

  app.get(
    '/api/order/list/',
    { config, schema: { tags, querystring: orderListQuery, response: { 200: envelope(orderListAnswer) } } },
    async (request) => ok(await listOrders(db, request.query, currentUser(request))),
  );
  app.get(
    '/api/order/detail/',
    { config, schema: { tags, querystring: orderVersionQuery, response: answer } },
    async (request) =>
      ok(await service.getOrder(db, request.query.id, currentUser(request), request.query.version)),
  );
  app.post(
    '/api/order/create/',
    { config, schema: { tags, body: orderCreate, response: answer } },
    async (request) => ok(await service.createOrder(db, request.body, currentUser(request))),
  );
  app.post(
    '/api/order/create_from_quotation/',
    { config, schema: { tags, body: orderFromQuotation, response: answer } },
    async (request) =>
      ok(await service.createOrderFromQuotation(db, request.body.quotation_id, currentUser(request))),
  );
  app.post(
    '/api/order/update/',
    { config, schema: { tags, body: orderUpdate, response: answer } },
    async (request) => ok(await service.updateOrder(db, request.body, currentUser(request))),
  );
  app.post(
    '/api/order/set_status/',
    { config, schema: { tags, body: orderStatusSet, response: answer } },
    async (request) => ok(await service.setOrderStatus(db, request.body, currentUser(request))),
  );
  app.post(
    '/api/order/add_payment/',
    { config, schema: { tags, body: orderPaymentCreate, response: answer } },
    async (request) => ok(await service.addPayment(db, request.body, currentUser(request))),
  );
  app.post(
    '/api/order/delete_payment/',
    { config, schema: { tags, body: orderPaymentDelete, response: answer } },
    async (request) => ok(await service.deletePayment(db, request.body, currentUser(request))),
  );
  app.post(
    '/api/order/delete/',
    {
      config,
      schema: {
        tags,
        body: orderIdsBody,
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
    },
    async (request) => ok({ count: await service.deleteOrders(db, request.body.ids, currentUser(request)) }),
  );
  app.get(
    '/api/order/history/',
    {
      config,
      schema: { tags, querystring: orderIdQuery, response: { 200: envelope(z.array(orderVersion)) } },
    },
    async (request) => ok(await service.orderHistory(db, request.query.id, currentUser(request))),
  );
  app.get(
    '/api/order/diff/',
    { config, schema: { tags, querystring: orderDiffQuery, response: { 200: envelope(orderDiff) } } },
    async (request) =>
      ok(
        await service.orderDiff(
          db,
          request.query.id,
          request.query.from,
          request.query.to,
          currentUser(request),
        ),
      ),
  );
  app.get(
    '/api/order/pdf/',
    { config, schema: { tags, querystring: orderPdfQuery } },
    async (request, reply) => {
      const { id, version, lang, download } = request.query;
      // The PDF of an earlier version carries that version's number, in the file and on the page.
      const o = {
        ...(await service.getOrder(db, id, currentUser(request), version)),
        ...(version ? { version } : {}),
      };
      const pdf = await orderPdf(db, store, o, lang);
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          contentDisposition(download ? 'attachment' : 'inline', orderPdfFileName(o)),
        )
        .send(pdf);
    },
  );
  app.get(
    '/api/order/export/',
    { config, schema: { tags, querystring: orderListQuery } },
    async (request, reply) =>
      sendXlsx(
        reply,
        'excel-list.xlsx',
        await exportOrderList(db, request.query, requestLanguage(request), currentUser(request)),
      ),
  );
}
