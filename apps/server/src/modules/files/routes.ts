import { envelope, fileDownloadQuery, fileInfo } from '@quayside/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, sessionUser } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { contentDisposition, isInlineSafe, readUploadedFile } from '../../lib/files';
import { readableFile } from './access';
import { saveFile } from './service';

export default async function fileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files: store } = app.ctx;
  const tags = ['files'];

  app.post(
    '/api/file/upload/',
    {
      config: { access: 'user' },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelope(fileInfo) } },
    },
    async (request) => {
      const file = await readUploadedFile(request);
      return ok(await saveFile(db, store, { ...file, userId: currentUser(request).id }));
    },
  );

  // Public: a published product's pictures are the website's. Who may read a file is decided per
  // file by the records holding it (access.ts), with the session looked up here.
  app.get(
    '/api/file/download/',
    {
      config: { access: 'public' },
      // ?token= like every read (lib/access.ts): an <img> or a link cannot send the header.
      schema: { tags, querystring: fileDownloadQuery.extend({ token: z.string().optional() }) },
    },
    async (request, reply) => {
      const row = await readableFile(db, await sessionUser(request), request.query.id);
      const inline = request.query.inline === '1' && isInlineSafe(row.mime);
      // Asked again every time: a file must not stay readable from the cache after sign-out. The
      // content's hash as ETag lets the browser keep its copy while the answer stays the same.
      const etag = `"${row.sha256}"`;
      reply.header('Cache-Control', 'private, no-cache').header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply
        .header('Content-Type', row.mime)
        .header('Content-Length', row.size)
        .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', row.name))
        .header('X-Content-Type-Options', 'nosniff')
        .send(store.open(row.sha256));
    },
  );
}
