import {
  customer,
  customerBulkUpdate,
  customerClaim,
  customerCreate,
  customerListQuery,
  customerMerge,
  customerRelease,
  customerTransfer,
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
import { claimCustomers, releaseCustomers, transferCustomers } from './pool';
import * as service from './service';
import {
  exportCustomers,
  exportFileName,
  importCustomers,
  importTemplate,
  templateFileName,
} from './spreadsheet';

/**
 * Customers: any signed-in user works them (spec §2), a salesperson her own and the pool's (lib/scope.ts);
 * deleting, restoring, merging and transferring are admin-only; claiming and releasing are the sales role's.
 */
export default async function customerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['customers'];
  const user = { access: 'user' } as const;
  const admin = { access: ['admin'] } as const;
  const sales = { access: ['sales'] } as const;
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
    async (request) => ok(await service.readCustomer(db, request.query.id, currentUser(request))),
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
      return ok(await service.updateCustomer(db, id, fields, currentUser(request)));
    },
  );
  app.post(
    '/api/customer/bulk_update/',
    { config: user, schema: { tags, body: customerBulkUpdate, response: { 200: count } } },
    async (request) =>
      ok({ count: await service.bulkUpdateCustomers(db, request.body, currentUser(request)) }),
  );
  app.post(
    '/api/customer/claim/',
    { config: sales, schema: { tags, body: customerClaim, response: { 200: count } } },
    async (request) => ok({ count: await claimCustomers(db, request.body.ids, currentUser(request)) }),
  );
  app.post(
    '/api/customer/release/',
    { config: sales, schema: { tags, body: customerRelease, response: { 200: count } } },
    async (request) => ok({ count: await releaseCustomers(db, request.body.ids, currentUser(request)) }),
  );
  app.post(
    '/api/customer/transfer/',
    { config: admin, schema: { tags, body: customerTransfer, response: { 200: count } } },
    async (request) => ok({ count: await transferCustomers(db, request.body, currentUser(request)) }),
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
          viewer: currentUser(request),
          lang: requestLanguage(request),
        }),
      );
    },
  );
}
