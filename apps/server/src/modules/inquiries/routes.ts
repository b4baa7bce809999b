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
import { customerForInquiry, listInquiries, setInquiryState } from './service';

/** Inquiries (/inquiry/list): emails of type inquiry with their pipeline state; admin, like the email list. */
export default async function inquiryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['inquiries'];
  const admin = { access: ['admin'] } as const;
  app.get(
    '/api/inquiry/list/',
    {
      config: admin,
      schema: { tags, querystring: inquiryListQuery, response: { 200: envelope(inquiryListAnswer) } },
    },
    async (request) => ok(await listInquiries(db, request.query)),
  );
  app.post(
    '/api/inquiry/update_state/',
    {
      config: admin,
      schema: {
        tags,
        body: inquiryStateBody,
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
    },
    async (request) => ok({ count: await setInquiryState(db, request.body, currentUser(request).id) }),
  );
  app.post(
    '/api/inquiry/customer/',
    {
      config: admin,
      schema: { tags, body: inquiryCustomerBody, response: { 200: envelope(inquiryCustomerAnswer) } },
    },
    async (request) => ok(await customerForInquiry(db, request.body.email_id, currentUser(request))),
  );
}
