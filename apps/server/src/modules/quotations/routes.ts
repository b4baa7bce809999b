import {
  envelope,
  listAnswer,
  productUsage,
  productUsageQuery,
  quotation,
  quotationCreate,
  quotationDiff,
  quotationDiffQuery,
  quotationIdQuery,
  quotationIdsBody,
  quotationListItem,
  quotationListQuery,
  quotationPdfQuery,
  quotationRestore,
  quotationSend,
  quotationSendAnswer,
  quotationUpdate,
  quotationVersion,
  quotationVersionQuery,
} from '@quayside/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { contentDisposition } from '../../lib/files';
import { requestLanguage } from '../../lib/i18n';
import { sendXlsx } from '../../lib/spreadsheet';
import { pdfFileName, quotationPdf } from './pdf';
import { sendQuotation } from './send';
import * as service from './service';
import { exportQuotationList, quotationWorkbook } from './spreadsheet';

/**
 * Quotations: a salesperson works hers end to end (list, history, export, delete of her drafts…);
 * create, update, detail, PDF, .xlsx and send stay open to every signed-in user as before (spec §2's
 * createQuotation and updateQuotation), so an editor still writes quotations and works those she
 * made. Every read is narrowed by the document rule (lib/scope.ts). docs/decisions/documents.md,
 * docs/decisions/who-sees-what.md.
 */
export default async function quotationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files: store } = app.ctx;
  const tags = ['quotations'];
  const sales = { access: ['sales'] } as const;
  const user = { access: 'user' } as const;

  app.get(
    '/api/quotation/list/',
    {
      config: sales,
      schema: {
        tags,
        querystring: quotationListQuery,
        response: { 200: envelope(listAnswer(quotationListItem)) },
      },
    },
    async (request) => ok(await service.listQuotations(db, request.query, currentUser(request))),
  );
  app.get(
    '/api/product/usage/',
    {
      config: sales,
      schema: {
        tags: ['products'],
        querystring: productUsageQuery,
        response: { 200: envelope(productUsage) },
      },
    },
    async (request) =>
      ok({
        quotations: await service.quotationsUsingProduct(db, request.query.id, currentUser(request)),
      }),
  );
  app.get(
    '/api/quotation/detail/',
    {
      config: user,
      schema: { tags, querystring: quotationVersionQuery, response: { 200: envelope(quotation) } },
    },
    async (request) =>
      ok(await service.getQuotation(db, request.query.id, currentUser(request), request.query.version)),
  );
  app.post(
    '/api/quotation/create/',
    { config: user, schema: { tags, body: quotationCreate, response: { 200: envelope(quotation) } } },
    async (request) => ok(await service.createQuotation(db, request.body, currentUser(request))),
  );
  app.post(
    '/api/quotation/update/',
    { config: user, schema: { tags, body: quotationUpdate, response: { 200: envelope(quotation) } } },
    async (request) => ok(await service.updateQuotation(db, request.body, currentUser(request))),
  );
  app.post(
    '/api/quotation/restore/',
    { config: sales, schema: { tags, body: quotationRestore, response: { 200: envelope(quotation) } } },
    async (request) => ok(await service.restoreVersion(db, request.body, currentUser(request))),
  );
  app.post(
    '/api/quotation/delete/',
    {
      config: sales,
      schema: {
        tags,
        body: quotationIdsBody,
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
    },
    async (request) =>
      ok({ count: await service.deleteQuotations(db, request.body.ids, currentUser(request)) }),
  );
  app.get(
    '/api/quotation/history/',
    {
      config: sales,
      schema: { tags, querystring: quotationIdQuery, response: { 200: envelope(z.array(quotationVersion)) } },
    },
    async (request) => ok(await service.quotationHistory(db, request.query.id, currentUser(request))),
  );
  app.get(
    '/api/quotation/diff/',
    {
      config: sales,
      schema: { tags, querystring: quotationDiffQuery, response: { 200: envelope(quotationDiff) } },
    },
    async (request) =>
      ok(
        await service.quotationDiff(
          db,
          request.query.id,
          request.query.from,
          request.query.to,
          currentUser(request),
        ),
      ),
  );
  app.get(
    '/api/quotation/pdf/',
    { config: user, schema: { tags, querystring: quotationPdfQuery } },
    async (request, reply) => {
      const { id, version, lang, download } = request.query;
      const q = await service.getQuotation(db, id, currentUser(request), version);
      const pdf = await quotationPdf(db, store, q, lang);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(download ? 'attachment' : 'inline', pdfFileName(q)))
        .send(pdf);
    },
  );
  app.post(
    '/api/quotation/send/',
    { config: user, schema: { tags, body: quotationSend, response: { 200: envelope(quotationSendAnswer) } } },
    async (request) => ok(await sendQuotation(db, store, currentUser(request), request.body)),
  );
  app.get(
    '/api/quotation/export/',
    { config: sales, schema: { tags, querystring: quotationListQuery } },
    async (request, reply) =>
      sendXlsx(
        reply,
        'excel-list.xlsx',
        await exportQuotationList(db, request.query, requestLanguage(request), currentUser(request)),
      ),
  );
  app.get(
    '/api/quotation/xlsx/',
    { config: user, schema: { tags, querystring: quotationPdfQuery } },
    async (request, reply) => {
      const { id, version, lang } = request.query;
      const q = await service.getQuotation(db, id, currentUser(request), version);
      return sendXlsx(reply, `${q.number}-v${q.version}.xlsx`, await quotationWorkbook(db, store, q, lang));
    },
  );
}
