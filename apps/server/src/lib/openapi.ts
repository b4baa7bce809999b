import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ERROR_STATUS, type ErrorCode } from '@quayside/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Access } from './access';

type JsonSchema = Record<string, unknown>;
type RouteSchema = {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  consumes?: string[];
  produces?: string[];
  response?: Record<string, unknown>;
  security?: unknown;
  hide?: boolean;
};

/** The failure envelope of API.md, answered with one of `codes`. */
function failureSchema(codes: ErrorCode[], details: JsonSchema = {}): JsonSchema {
  return {
    type: 'object',
    required: ['error_status', 'code', 'msg'],
    properties: {
      error_status: { type: 'integer', enum: [1] },
      code: { type: 'string', enum: codes },
      msg: { type: 'string', description: "Human text in the caller's language" },
      details,
    },
    additionalProperties: false,
  };
}

const fieldErrors: JsonSchema = {
  type: 'array',
  description: 'The fields at fault, each with its message',
  items: {
    type: 'object',
    required: ['field', 'msg'],
    properties: { field: { type: 'string' }, msg: { type: 'string' } },
    additionalProperties: false,
  },
};

const failure = (description: string, codes: ErrorCode[], details?: JsonSchema) => ({
  description,
  content: { 'application/json': { schema: failureSchema(codes, details) } },
});

/**
 * The failures an operation can answer, from what the route declares: every route may fail (500);
 * a route behind a token answers 403 without one or without the role; a route that takes input
 * (query, body or upload) may find it invalid (400), name a record that does not exist (404), meet a
 * duplicate or a stale version (409) or be throttled (429), and one with a body may find it too
 * large (413). A public route that takes input may still refuse the caller (login: a disabled
 * account), so it documents 403 FORBIDDEN.
 */
function failureResponses(route: RouteOptions, schema: RouteSchema) {
  const access = route.config?.access as Access | undefined;
  const methods = [route.method].flat();
  const hasBody = methods.some((m) => m !== 'GET' && m !== 'HEAD');
  const takesInput = Boolean(
    schema.querystring || schema.body || schema.params || schema.consumes || hasBody,
  );
  const out: Record<string, unknown> = {};
  const status = (code: ErrorCode) => String(ERROR_STATUS[code]);
  if (takesInput) {
    out[status('VALIDATION_FAILED')] = failure(
      'VALIDATION_FAILED: the input is not valid; `details` names each field',
      ['VALIDATION_FAILED'],
      fieldErrors,
    );
  }
  if (access !== 'public') {
    out['403'] = failure(
      'AUTH_REQUIRED: no, a bad or an expired token; FORBIDDEN: the role lacks the right',
      ['AUTH_REQUIRED', 'FORBIDDEN'],
    );
  } else if (takesInput) {
    out['403'] = failure('FORBIDDEN: the caller may not do this (e.g. a disabled account)', ['FORBIDDEN']);
  }
  if (takesInput) {
    out[status('NOT_FOUND')] = failure('NOT_FOUND: a record named in the input does not exist', [
      'NOT_FOUND',
    ]);
    out[status('CONFLICT')] = failure('CONFLICT: a duplicate, a stale version or a state that forbids it', [
      'CONFLICT',
    ]);
  }
  if (hasBody) {
    out[status('TOO_LARGE')] = failure('TOO_LARGE: the body or the file is over its limit', ['TOO_LARGE']);
  }
  if (takesInput) {
    out[status('RATE_LIMITED')] = failure('RATE_LIMITED: too many attempts; wait and retry', [
      'RATE_LIMITED',
    ]);
  }
  out[status('INTERNAL')] = failure('INTERNAL: a server error (no internals are shown)', ['INTERNAL']);
  return out;
}

const binary = { type: 'string', format: 'binary' };

/**
 * What @fastify/swagger documents of a route, from its zod schemas (fastify-type-provider-zod) plus
 * what holds for every route, added here once: the failure answers, `security: []` for a public
 * route, the `file` field of an upload, and for a route without a JSON answer (a download, an
 * export, a stream) its 200 as the media types it `produces` (any type when it does not say).
 */
const documentRoute: typeof jsonSchemaTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const route = (input as unknown as { route: RouteOptions }).route;
  const schema = result.schema as RouteSchema;
  if (schema.hide || !input.url.startsWith('/api/')) return result;
  if (route.config?.access === 'public') schema.security = [];
  if (schema.consumes?.includes('multipart/form-data') && !schema.body) {
    schema.body = {
      type: 'object',
      required: ['file'],
      properties: { file: { ...binary, description: 'The file (one part named `file`, with a file name)' } },
    };
  }
  const response = { ...schema.response };
  if (!response['200']) {
    const types = schema.produces ?? ['*/*'];
    response['200'] = {
      description: 'The file or stream',
      content: Object.fromEntries(types.map((type) => [type, { schema: binary }])),
    };
  }
  schema.response = { ...failureResponses(route, schema), ...response };
  return result;
};

/** The OpenAPI document at /api/openapi.json (served by app.ts) and its browser at /api/docs/. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Quayside API', version: '1', description: 'See design/API.md for the conventions.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Token' } } },
      security: [{ token: [] }],
    },
    transform: documentRoute,
    // Schemas registered with an id (the recursive JSON value of preferences) become components.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
