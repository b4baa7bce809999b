import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { databaseInputError } from './db-errors';
import { failure } from './envelope';
import { AppError } from './errors';
import { requestLanguage, translate } from './i18n';
import { fieldErrors, RequestValidationError } from './validation';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods each path answers (path without trailing slash), for 405 and its Allow header. */
    routeMethods: Map<string, Set<string>>;
  }
}

const pathKey = (url: string) => (url.split('?')[0] ?? '').replace(/\/+$/, '') || '/';

/** Turns every failure into the envelope of API.md, in the caller's language, without internals. */
async function httpErrors(app: FastifyInstance) {
  app.decorate('routeMethods', new Map<string, Set<string>>());
  app.addHook('onRoute', (route) => {
    const key = pathKey(route.url);
    const methods = app.routeMethods.get(key) ?? new Set<string>();
    for (const method of [route.method].flat()) methods.add(method);
    app.routeMethods.set(key, methods);
  });

  app.setErrorHandler((raw: FastifyError, request, reply) => {
    const lang = requestLanguage(request);
    const err = databaseInputError(raw) ?? raw;
    if (err instanceof AppError) {
      const msg = translate(lang, err.messageKey, err.params);
      const details = err.field ? [{ field: err.field, msg }] : err.details;
      return reply.status(err.status).send(failure(err.code, msg, details));
    }
    if (err instanceof RequestValidationError) {
      const details = fieldErrors(err, lang);
      const first = details[0];
      const msg = translate(lang, 'validationFailed') + (first ? `: ${first.field}: ${first.msg}` : '');
      return reply.status(400).send(failure('VALIDATION_FAILED', msg, details));
    }
    const status = raw.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send(failure('TOO_LARGE', translate(lang, 'tooLarge', { limit: '' })));
    }
    if (status === 429) {
      return reply.status(429).send(failure('RATE_LIMITED', translate(lang, 'rateLimited', { minutes: 1 })));
    }
    if (status >= 400 && status < 500 && !isResponseSerializationError(raw)) {
      // Malformed JSON, wrong content type and the like: the caller's input, not our fault.
      return reply.status(400).send(failure('VALIDATION_FAILED', translate(lang, 'validationFailed')));
    }
    request.log.error({ err: raw }, 'unhandled error');
    return reply.status(500).send(failure('INTERNAL', translate(lang, 'internal')));
  });
}

export default fp(httpErrors, { name: 'http-errors' });

/**
 * The envelope for a request no route answers: 405 with an Allow header when the path exists with
 * other methods, else 404.
 */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  const lang = requestLanguage(request);
  const url = request.url.split('?')[0] ?? '';
  const methods = request.server.routeMethods.get(pathKey(url));
  if (methods && !methods.has(request.method)) {
    const allowed = [...methods].sort().join(', ');
    const msg = translate(lang, 'methodNotAllowed', { method: request.method, allowed });
    return reply.status(405).header('Allow', allowed).send(failure('METHOD_NOT_ALLOWED', msg));
  }
  return reply
    .status(404)
    .send(failure('NOT_FOUND', translate(lang, 'routeNotFound', { method: request.method, url })));
}
