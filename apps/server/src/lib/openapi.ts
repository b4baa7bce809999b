import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ERROR_STATUS, type ErrorCode, errorCodes } from '@quayside/contract';
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

/** Every code answered with the status (403: AUTH_REQUIRED, FORBIDDEN and any added later). */
const codesOf = (status: number) => errorCodes.filter((code) => ERROR_STATUS[code] === status);

const failure = (status: number, description: string, details?: JsonSchema) => ({
  description: `${codesOf(status).join(', ')}: ${description}`,
  content: { 'application/json': { schema: failureSchema(codesOf(status), details) } },
});

/**
 * The failures an operation can answer, from what the route declares: every route may fail (500);
 * a route behind a token answers 403 without one or without the role; a route that takes input
 * (query, body or upload) may find it invalid (400), name a record that does not exist (404), meet a
 * duplicate or a stale version (409) or be throttled (429), and one with a body may find it too
 * large (413). A public route that takes input may still refuse the caller (a disabled account at
 * login, a file that needs a session), so it documents 403 too.
 */
function failureResponses(route: RouteOptions, schema: RouteSchema) {
  const access = route.config?.access as Access | undefined;
  const methods = [route.method].flat();
  const hasBody = methods.some((m) => m !== 'GET' && m !== 'HEAD');
  const takesInput = Boolean(
    schema.querystring || schema.body || schema.params || schema.consumes || hasBody,
  );
  const out: Record<string, unknown> = {};
  if (takesInput)
    out['400'] = failure(400, 'the input is not valid; `details` names each field', fieldErrors);
  if (access !== 'public' || takesInput) {
    out['403'] = failure(403, 'no, a bad or an expired token, or the caller may not do this');
  }
  if (takesInput) {
    out['404'] = failure(404, 'a record named in the input does not exist');
    out['409'] = failure(409, 'a duplicate, a stale version or a state that forbids it');
  }
  if (hasBody) out['413'] = failure(413, 'the body or the file is over its limit');
  if (takesInput) out['429'] = failure(429, 'too many attempts; wait and retry');
  out['500'] = failure(500, 'a server error (no internals are shown)');
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
      // 3.1: its schemas are JSON Schema 2020-12, so null, recursion and bounds mean what they say.
      openapi: '3.1.0',
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
