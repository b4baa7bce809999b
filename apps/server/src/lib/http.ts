import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { failure } from './envelope';
import { AppError } from './errors';
import { requestLanguage, translate } from './i18n';
import { fieldErrors, RequestValidationError } from './validation';

/** Turns every failure into the envelope of API.md, in the caller's language, without internals. */
async function httpErrors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const lang = requestLanguage(request);
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
    const status = err.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send(failure('TOO_LARGE', translate(lang, 'tooLarge', { limit: '' })));
    }
    if (status === 429) {
      return reply.status(429).send(failure('RATE_LIMITED', translate(lang, 'rateLimited', { minutes: 1 })));
    }
    if (status >= 400 && status < 500 && !isResponseSerializationError(err)) {
      // Malformed JSON, wrong content type and the like: the caller's input, not our fault.
      return reply.status(400).send(failure('VALIDATION_FAILED', translate(lang, 'validationFailed')));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(failure('INTERNAL', translate(lang, 'internal')));
  });
}

export default fp(httpErrors, { name: 'http-errors' });

/** The envelope for a path that no route answers. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  const lang = requestLanguage(request);
  const msg = translate(lang, 'routeNotFound', {
    method: request.method,
    url: request.url.split('?')[0] ?? '',
  });
  return reply.status(404).send(failure('NOT_FOUND', msg));
}
