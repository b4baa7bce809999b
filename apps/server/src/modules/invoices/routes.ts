import {
  envelope,
  invoice,
  invoiceDiff,
  invoiceDiffQuery,
  invoiceFromOrder,
  invoiceIdQuery,
  invoiceIdsBody,
  invoiceListItem,
  invoiceListQuery,
  invoicePdfQuery,
  invoiceUpdate,
  invoiceVersion,
  invoiceVersionQuery,
  listAnswer,
} from '@quayside/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { contentDisposition } from '../../lib/files';
import { requestLanguage } from '../../lib/i18n';
import { sendXlsx } from '../../lib/spreadsheet';
import { invoicePdf, invoicePdfFileName } from './pdf';
import * as service from './service';
import { exportInvoiceList, invoiceWorkbook } from './spreadsheet';

/**
 * Invoices: admins and salespeople, like the orders they come from; every call is narrowed by the
 * document rule (lib/scope.ts). docs/decisions/documents.md, docs/decisions/who-sees-what.md.
 */
export default async function invoiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files: store } = app.ctx;
  const tags = ['invoices'];
  const sales = { access: ['sales'] } as const;

  app.get(
    '/api/invoice/list/',
    {
      config: sales,
      schema: {
        tags,
        querystring: invoiceListQuery,
        response: { 200: envelope(listAnswer(invoiceListItem)) },
      },
    },
    async (request) => ok(await service.listInvoices(db, request.query, currentUser(request))),
  );
  app.get(
    '/api/invoice/detail/',
    {
      config: sales,
      schema: { tags, querystring: invoiceVersionQuery, response: { 200: envelope(invoice) } },
    },
    async (request) =>
      ok(await service.getInvoice(db, request.query.id, currentUser(request), request.query.version)),
  );
  app.post(
    '/api/invoice/create_from_order/',
    { config: sales, schema: { tags, body: invoiceFromOrder, response: { 200: envelope(invoice) } } },
    async (request) => ok(await service.createInvoiceFromOrder(db, request.body, currentUser(request))),
  );
  app.post(
    '/api/invoice/update/',
    { config: sales, schema: { tags, body: invoiceUpdate, response: { 200: envelope(invoice) } } },
    async (request) => ok(await service.updateInvoice(db, request.body, currentUser(request))),
  );
  app.post(
    '/api/invoice/delete/',
    {
      config: sales,
      schema: {
        tags,
        body: invoiceIdsBody,
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
    },
    async (request) =>
      ok({ count: await service.deleteInvoices(db, request.body.ids, currentUser(request)) }),
  );
  app.get(
    '/api/invoice/history/',
    {
      config: sales,
      schema: { tags, querystring: invoiceIdQuery, response: { 200: envelope(z.array(invoiceVersion)) } },
    },
    async (request) => ok(await service.invoiceHistory(db, request.query.id, currentUser(request))),
  );
  app.get(
    '/api/invoice/diff/',
    {
      config: sales,
      schema: { tags, querystring: invoiceDiffQuery, response: { 200: envelope(invoiceDiff) } },
    },
    async (request) =>
      ok(
        await service.invoiceDiff(
          db,
          request.query.id,
          request.query.from,
          request.query.to,
          currentUser(request),
        ),
      ),
  );
  app.get(
    '/api/invoice/pdf/',
    { config: sales, schema: { tags, querystring: invoicePdfQuery } },
    async (request, reply) => {
      const { id, version, lang, download } = request.query;
      const inv = await service.getInvoice(db, id, currentUser(request), version);
      const pdf = await invoicePdf(db, store, inv, lang);
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          contentDisposition(download ? 'attachment' : 'inline', invoicePdfFileName(inv)),
        )
        .send(pdf);
    },
  );
  app.get(
    '/api/invoice/xlsx/',
    { config: sales, schema: { tags, querystring: invoicePdfQuery } },
    async (request, reply) => {
      const { id, version, lang } = request.query;
      const inv = await service.getInvoice(db, id, currentUser(request), version);
      return sendXlsx(reply, `${inv.number}-v${inv.version}.xlsx`, await invoiceWorkbook(inv, lang));
    },
  );
  app.get(
    '/api/invoice/export/',
    { config: sales, schema: { tags, querystring: invoiceListQuery } },
    async (request, reply) =>
      sendXlsx(
        reply,
        'invoices.xlsx',
        await exportInvoiceList(db, request.query, requestLanguage(request), currentUser(request)),
      ),
  );
}
