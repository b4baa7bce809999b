import {
  envelope,
  importAnswer,
  importOptions,
  listAnswer,
  picture,
  preparePictureBody,
  product,
  productBulkUpdate,
  productCategory,
  productCategoryCreate,
  productCategoryReorder,
  productCategoryUpdate,
  productCreate,
  productIdQuery,
  productIdsBody,
  productListQuery,
  productOption,
  productOptionsQuery,
  productUpdate,
} from '@quayside/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { readUploadedFile } from '../../lib/files';
import { requestLanguage } from '../../lib/i18n';
import { sendXlsx } from '../../lib/spreadsheet';
import * as categories from './categories';
import { preparePicture } from './pictures';
import * as service from './service';
import { exportProducts } from './spreadsheet-export';
import { exportFileName, importProducts, importTemplate, templateFileName } from './spreadsheet-import';

/**
 * Products (spec §2: ProductIndex is admin-only). Salespeople read the catalogue (list, detail,
 * export, categories; pictures are any signed-in user's, products/file-owner.ts); every change,
 * the bin and the import stay admin's. Every signed-in user may pick products for a quotation
 * through `options`.
 */
export default async function productRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files: store } = app.ctx;
  const tags = ['products'];
  const admin = { access: ['admin'] } as const;
  // The catalogue is read by salespeople too (they quote from it); every change stays admin's.
  const reader = { access: ['sales'] } as const;
  const count = envelope(z.object({ count: z.number().int() }));
  const writer = (request: FastifyRequest) => ({ store, user: currentUser(request) });

  app.get(
    '/api/product/list/',
    {
      config: reader,
      schema: { tags, querystring: productListQuery, response: { 200: envelope(listAnswer(product)) } },
    },
    async (request) => ok(await service.listProducts(db, request.query)),
  );
  app.get(
    '/api/product/deleted/',
    {
      config: admin,
      schema: { tags, querystring: productListQuery, response: { 200: envelope(listAnswer(product)) } },
    },
    async (request) => ok(await service.listProducts(db, request.query, true)),
  );
  app.get(
    '/api/product/detail/',
    { config: reader, schema: { tags, querystring: productIdQuery, response: { 200: envelope(product) } } },
    async (request) => ok(await service.getProduct(db, request.query.id)),
  );
  app.post(
    '/api/product/create/',
    { config: admin, schema: { tags, body: productCreate, response: { 200: envelope(product) } } },
    async (request) => ok(await service.createProduct(db, request.body, writer(request))),
  );
  app.post(
    '/api/product/update/',
    { config: admin, schema: { tags, body: productUpdate, response: { 200: envelope(product) } } },
    async (request) => {
      const { id, ...fields } = request.body;
      return ok(await service.updateProduct(db, id, fields, writer(request)));
    },
  );
  app.post(
    '/api/product/bulk_update/',
    { config: admin, schema: { tags, body: productBulkUpdate, response: { 200: count } } },
    async (request) => ok({ count: await service.bulkUpdateProducts(db, request.body) }),
  );
  app.post(
    '/api/product/delete/',
    { config: admin, schema: { tags, body: productIdsBody, response: { 200: count } } },
    async (request) => ok({ count: await service.deleteProducts(db, request.body.ids) }),
  );
  app.post(
    '/api/product/restore/',
    { config: admin, schema: { tags, body: productIdsBody, response: { 200: count } } },
    async (request) => ok({ count: await service.restoreProducts(db, request.body.ids) }),
  );
  app.get(
    '/api/product/options/',
    {
      config: { access: 'user' },
      schema: { tags, querystring: productOptionsQuery, response: { 200: envelope(z.array(productOption)) } },
    },
    async (request) => ok(await service.productOptions(db, request.query)),
  );
  app.post(
    '/api/product/prepare_picture/',
    { config: admin, schema: { tags, body: preparePictureBody, response: { 200: envelope(picture) } } },
    async (request) =>
      ok(await preparePicture(db, store, request.body.file_id, 'file_id', currentUser(request))),
  );

  app.get(
    '/api/product/export/',
    { config: reader, schema: { tags, querystring: productListQuery } },
    async (request, reply) =>
      sendXlsx(
        reply,
        exportFileName,
        await exportProducts(db, store, request.query, requestLanguage(request)),
      ),
  );
  app.get('/api/product/import_template/', { config: admin, schema: { tags } }, async (request, reply) => {
    const lang = requestLanguage(request);
    return sendXlsx(reply, templateFileName(lang), await importTemplate(lang));
  });
  app.post(
    '/api/product/import/',
    {
      config: admin,
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
        await importProducts(app.ctx, file, {
          onDuplicate: request.query.on_duplicate,
          confirmDuplicate: request.query.confirm_duplicate,
          userId: currentUser(request).id,
          lang: requestLanguage(request),
        }),
      );
    },
  );

  app.get(
    '/api/product_category/list/',
    { config: reader, schema: { tags, response: { 200: envelope(z.array(productCategory)) } } },
    async () => ok(await categories.listCategories(db)),
  );
  app.post(
    '/api/product_category/create/',
    {
      config: admin,
      schema: { tags, body: productCategoryCreate, response: { 200: envelope(productCategory) } },
    },
    async (request) => ok(await categories.createCategory(db, request.body)),
  );
  app.post(
    '/api/product_category/update/',
    {
      config: admin,
      schema: { tags, body: productCategoryUpdate, response: { 200: envelope(productCategory) } },
    },
    async (request) => ok(await categories.updateCategory(db, request.body)),
  );
  app.post(
    '/api/product_category/reorder/',
    {
      config: admin,
      schema: { tags, body: productCategoryReorder, response: { 200: envelope(z.array(productCategory)) } },
    },
    async (request) => ok(await categories.reorderCategories(db, request.body)),
  );
  app.post(
    '/api/product_category/delete/',
    { config: admin, schema: { tags, body: productIdsBody, response: { 200: count } } },
    async (request) => ok({ count: await categories.deleteCategories(db, request.body.ids) }),
  );
}
