import { envelope, loginAnswer, loginBody, userInfo, userInfoQuery } from '@quayside/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { endSession } from '../../lib/sessions';
import * as auth from './service';
import { LoginThrottled } from './throttle';

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.ctx;

  app.post(
    '/api/login/',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: loginBody, response: { 200: envelope(loginAnswer) } },
    },
    async (request, reply) => {
      try {
        return ok(
          await auth.login(db, {
            ...request.body,
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? '',
            sessionDays: config.sessionDays,
          }),
        );
      } catch (err) {
        if (err instanceof LoginThrottled) reply.header('Retry-After', String(err.retryAfterSeconds));
        throw err;
      }
    },
  );

  app.get(
    '/api/user_info/',
    {
      config: { access: 'user', beforePasswordChange: true },
      schema: { tags: ['auth'], querystring: userInfoQuery, response: { 200: envelope(userInfo) } },
    },
    async (request) => ok(await auth.userInfo(db, currentUser(request).id)),
  );

  app.post(
    '/api/logout/',
    {
      config: { access: 'user', beforePasswordChange: true },
      schema: { tags: ['auth'], response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await endSession(db, currentUser(request).sessionId);
      return ok(null);
    },
  );
}
