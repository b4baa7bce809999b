import {
  envelope,
  idQuery,
  idsBody,
  listAnswer,
  packingList,
  packingListDiff,
  packingListDiffQuery,
  packingListFromOrder,
  packingListItem,
  packingListPdfQuery,
  packingListQuery,
  packingListUpdate,
  packingListVersion,
  packingListVersionQuery,
} from '@quayside/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { contentDisposition } from '../../lib/files';
import { requestLanguage } from '../../lib/i18n';
import { sendXlsx } from '../../lib/spreadsheet';
import { packingListPdf, packingPdfFileName } from './pdf';
import * as service from './service';
import { exportPackingListList, packingListWorkbook } from './spreadsheet';

/**
 * Packing lists: admins and salespeople, like the orders they come from; every call is narrowed by
 * the document rule (lib/scope.ts). docs/decisions/documents.md, docs/decisions/who-sees-what.md.
 */
export default async function packingListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['packing lists'];
  const config = { access: ['sales'] } as const;

  app.get(
    '/api/packing_list/list/',
    {
      config,
      schema: {
        tags,
        querystring: packingListQuery,
        response: { 200: envelope(listAnswer(packingListItem)) },
      },
    },
    async (request) => ok(await service.listPackingLists(db, request.query, currentUser(request))),
  );
  app.get(
    '/api/packing_list/detail/',
    {
      config,
      schema: { tags, querystring: packingListVersionQuery, response: { 200: envelope(packingList) } },
    },
    async (request) =>
      ok(await service.getPackingList(db, request.query.id, currentUser(request), request.query.version)),
  );
  app.post(
    '/api/packing_list/create_from_order/',
    { config, schema: { tags, body: packingListFromOrder, response: { 200: envelope(packingList) } } },
    async (request) => ok(await service.createFromOrder(db, request.body, currentUser(request))),
  );
  app.post(
    '/api/packing_list/update/',
    { config, schema: { tags, body: packingListUpdate, response: { 200: envelope(packingList) } } },
    async (request) => ok(await service.updatePackingList(db, request.body, currentUser(request))),
  );
  app.post(
    '/api/packing_list/delete/',
    {
      config,
      schema: { tags, body: idsBody, response: { 200: envelope(z.object({ count: z.number().int() })) } },
    },
    async (request) =>
      ok({ count: await service.deletePackingLists(db, request.body.ids, currentUser(request)) }),
  );
  app.get(
    '/api/packing_list/history/',
    {
      config,
      schema: {
        tags,
        querystring: idQuery,
        response: { 200: envelope(z.array(packingListVersion)) },
      },
    },
    async (request) => ok(await service.packingListHistory(db, request.query.id, currentUser(request))),
  );
  app.get(
    '/api/packing_list/diff/',
    {
      config,
      schema: { tags, querystring: packingListDiffQuery, response: { 200: envelope(packingListDiff) } },
    },
    async (request) =>
      ok(
        await service.packingListDiff(
          db,
          request.query.id,
          request.query.from,
          request.query.to,
          currentUser(request),
        ),
      ),
  );
  app.get(
    '/api/packing_list/pdf/',
    { config, schema: { tags, querystring: packingListPdfQuery } },
    async (request, reply) => {
      const { id, version, lang, download } = request.query;
      const p = await service.getPackingList(db, id, currentUser(request), version);
      const pdf = await packingListPdf(db, app.ctx.files, p, lang);
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          contentDisposition(download ? 'attachment' : 'inline', packingPdfFileName(p)),
        )
        .send(pdf);
    },
  );
  app.get(
    '/api/packing_list/xlsx/',
    { config, schema: { tags, querystring: packingListPdfQuery } },
    async (request, reply) => {
      const { id, version, lang } = request.query;
      const p = await service.getPackingList(db, id, currentUser(request), version);
      return sendXlsx(reply, `${p.number}-v${p.version}.xlsx`, await packingListWorkbook(p, lang));
    },
  );
  app.get(
    '/api/packing_list/export/',
    { config, schema: { tags, querystring: packingListQuery } },
    async (request, reply) =>
      sendXlsx(
        reply,
        'packing-lists.xlsx',
        await exportPackingListList(db, request.query, requestLanguage(request), currentUser(request)),
      ),
  );
}
