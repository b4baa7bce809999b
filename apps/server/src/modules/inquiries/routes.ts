import {
  envelope,
  inquiryCustomerAnswer,
  inquiryCustomerBody,
  inquiryListAnswer,
  inquiryListQuery,
  inquiryStateBody,
} from '@quayside/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { assertMailIds, emailReaders } from '../email/access';
import { customerForInquiry, listInquiries, setInquiryState } from './service';

/**
 * Inquiries (/inquiry/list): emails of type inquiry with their pipeline state; for the readers of
 * mail like the email list (admin; sales on her accounts, `mailScope`).
 */
export default async function inquiryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['inquiries'];
  const readers = { access: emailReaders } as const;
  app.get(
    '/api/inquiry/list/',
    {
      config: readers,
      schema: { tags, querystring: inquiryListQuery, response: { 200: envelope(inquiryListAnswer) } },
    },
    async (request) => ok(await listInquiries(db, currentUser(request), request.query)),
  );
  app.post(
    '/api/inquiry/update_state/',
    {
      config: readers,
      schema: {
        tags,
        body: inquiryStateBody,
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await assertMailIds(db, user, request.body.ids);
      return ok({ count: await setInquiryState(db, request.body, user.id) });
    },
  );
  app.post(
    '/api/inquiry/customer/',
    {
      config: readers,
      schema: { tags, body: inquiryCustomerBody, response: { 200: envelope(inquiryCustomerAnswer) } },
    },
    async (request) => ok(await customerForInquiry(db, request.body.email_id, currentUser(request))),
  );
}
