import {
  customer,
  customerBulkUpdate,
  customerCreate,
  customerListQuery,
  customerMerge,
  customerUpdate,
  envelope,
  idQuery,
  idsBody,
  importAnswer,
  importOptions,
  listAnswer,
} from '@quayside/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { readUploadedFile } from '../../lib/files';
import { requestLanguage } from '../../lib/i18n';
import { sendXlsx, XLSX_MIME } from '../../lib/spreadsheet';
import * as service from './service';
import {
  exportCustomers,
  exportFileName,
  importCustomers,
  importTemplate,
  templateFileName,
} from './spreadsheet';

/** Customers: any signed-in user works them (spec §2); deleting, restoring and merging are admin-only. */
export default async function customerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['customers'];
  const user = { access: 'user' } as const;
  const admin = { access: ['admin'] } as const;
  const count = envelope(z.object({ count: z.number().int() }));

  app.get(
    '/api/customer/list/',
    {
      config: user,
      schema: { tags, querystring: customerListQuery, response: { 200: envelope(listAnswer(customer)) } },
    },
    async (request) => ok(await service.listCustomers(db, request.query, currentUser(request))),
  );
  app.get(
    '/api/customer/deleted/',
    {
      config: admin,
      schema: { tags, querystring: customerListQuery, response: { 200: envelope(listAnswer(customer)) } },
    },
    async (request) => ok(await service.listCustomers(db, request.query, currentUser(request), true)),
  );
  app.get(
    '/api/customer/detail/',
    { config: user, schema: { tags, querystring: idQuery, response: { 200: envelope(customer) } } },
    async (request) => ok(await service.getCustomer(db, request.query.id)),
  );
  app.post(
    '/api/customer/create/',
    { config: user, schema: { tags, body: customerCreate, response: { 200: envelope(customer) } } },
    async (request) => ok(await service.createCustomer(db, request.body, currentUser(request))),
  );
  app.post(
    '/api/customer/update/',
    { config: user, schema: { tags, body: customerUpdate, response: { 200: envelope(customer) } } },
    async (request) => {
      const { id, ...fields } = request.body;
      return ok(await service.updateCustomer(db, id, fields));
    },
  );
  app.post(
    '/api/customer/bulk_update/',
    { config: user, schema: { tags, body: customerBulkUpdate, response: { 200: count } } },
    async (request) => ok({ count: await service.bulkUpdateCustomers(db, request.body) }),
  );
  app.post(
    '/api/customer/delete/',
    { config: admin, schema: { tags, body: idsBody, response: { 200: count } } },
    async (request) => ok({ count: await service.deleteCustomers(db, request.body.ids) }),
  );
  app.post(
    '/api/customer/restore/',
    { config: admin, schema: { tags, body: idsBody, response: { 200: count } } },
    async (request) => ok({ count: await service.restoreCustomers(db, request.body.ids) }),
  );
  app.post(
    '/api/customer/merge/',
    { config: admin, schema: { tags, body: customerMerge, response: { 200: envelope(customer) } } },
    async (request) => ok(await service.mergeCustomers(db, request.body)),
  );
  app.get(
    '/api/customer/export/',
    { config: user, schema: { tags, querystring: customerListQuery, produces: [XLSX_MIME] } },
    async (request, reply) =>
      sendXlsx(
        reply,
        exportFileName,
        await exportCustomers(db, request.query, currentUser(request), requestLanguage(request)),
      ),
  );
  app.get(
    '/api/customer/import_template/',
    { config: user, schema: { tags, produces: [XLSX_MIME] } },
    async (request, reply) => {
      const lang = requestLanguage(request);
      return sendXlsx(reply, templateFileName(lang), await importTemplate(lang));
    },
  );
  app.post(
    '/api/customer/import/',
    {
      config: user,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: importOptions,
        response: { 200: envelope(importAnswer) },
      },
    },
    async (request) => {
      const file = await readUploadedFile(request);
      return ok(
        await importCustomers(app.ctx, file, {
          onDuplicate: request.query.on_duplicate,
          confirmDuplicate: request.query.confirm_duplicate,
          userId: currentUser(request).id,
          lang: requestLanguage(request),
        }),
      );
    },
  );
}
