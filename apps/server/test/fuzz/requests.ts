import fc from 'fast-check';
import { type Broken, broken, type Resolve, type Schema, valid } from './arbitraries';

type MediaTypes = Record<string, { schema?: Schema }>;
type OpenApiOperation = {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: MediaTypes };
  responses: Record<string, { content?: MediaTypes }>;
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, Schema> };
};

/** One operation of the document, as the fuzz needs it. */
export type Operation = {
  method: string;
  path: string;
  /** The query parameters as one object schema. */
  query: Schema | null;
  body: { kind: 'json' | 'multipart'; schema: Schema } | null;
  responses: Record<string, { content?: MediaTypes }>;
  /** Answers a stream that does not end (Server-Sent Events). */
  stream: boolean;
};

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []).filter((p) => p.in === 'query');
      const query: Schema | null = params.length
        ? {
            type: 'object',
            properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
            required: params.filter((p) => p.required).map((p) => p.name),
          }
        : null;
      const content = op.requestBody?.content ?? {};
      const multipart = content['multipart/form-data']?.schema;
      const json = content['application/json']?.schema;
      const body = multipart
        ? { kind: 'multipart' as const, schema: multipart }
        : json
          ? { kind: 'json' as const, schema: json }
          : null;
      const stream = Object.keys(op.responses['200']?.content ?? {}).includes('text/event-stream');
      out.push({ method: method.toUpperCase(), path, query, body, responses: op.responses, stream });
    }
  }
  return out;
}

export const resolverOf =
  (doc: OpenApiDocument): Resolve =>
  (ref) => {
    const name = ref.replace('#/components/schemas/', '');
    const schema = doc.components?.schemas?.[name];
    if (!schema) throw new Error(`dangling $ref ${ref}`);
    return schema;
  };

/** A request to send: its query, its body, and what was broken on purpose (if anything). */
export type FuzzRequest = {
  query: Record<string, string>;
  payload?: string | Buffer;
  contentType?: string;
  broken?: Broken & { where: 'query' | 'body' };
};

/** Query values as a browser sends them: text; objects and arrays as JSON, null as empty. */
function queryString(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    if (v === undefined) continue;
    out[k] = v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return out;
}

/** A multipart/form-data body with one file (or one broken in a way a client or a network can break it). */
function multipart(
  fileName: string,
  bytes: Buffer,
  how: 'ok' | 'no-filename' | 'cut-short' | 'no-boundary',
): { payload: Buffer; contentType: string } {
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const disposition =
    how === 'no-filename'
      ? 'form-data; name="file"'
      : `form-data; name="file"; filename="${fileName.replace(/["\r\n\\]/g, '_')}"`;
  const whole = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  if (how === 'cut-short') {
    return {
      payload: whole.subarray(0, whole.length - 20),
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  }
  return {
    payload: whole,
    contentType: how === 'no-boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`,
  };
}

const fileNames = fc.string({ minLength: 1, maxLength: 30 }).map((s) => s.replaceAll('\u0000', '') || 'f');
const fileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 256 }).map((b) => Buffer.from(b)),
  // CSV text, so the spreadsheet import has something it can read.
  fc
    .array(fc.array(fc.string({ maxLength: 12 }), { maxLength: 4 }), { maxLength: 5 })
    .map((rows) => Buffer.from(['company_name,name,email', ...rows.map((r) => r.join(','))].join('\n'))),
);

/**
 * Requests for an operation, generated from its schemas: valid ones, ones broken in one field, and
 * bodies no schema describes (not JSON, another content type, a multipart body cut short).
 */
export function requestsFor(op: Operation, resolve: Resolve): fc.Arbitrary<FuzzRequest> {
  const validQuery = op.query ? valid(op.query, resolve).map(queryString) : fc.constant({});
  const options: fc.Arbitrary<FuzzRequest>[] = [];

  if (op.body?.kind === 'multipart') {
    const upload = (how: Parameters<typeof multipart>[2]) =>
      fc
        .tuple(validQuery, fileNames, fileBytes)
        .map(([query, name, bytes]) => ({ query, ...multipart(name, bytes, how) }));
    options.push(upload('ok'), upload('ok'));
    options.push(
      fc
        .tuple(
          validQuery,
          fc.constantFrom<Parameters<typeof multipart>[2]>('no-filename', 'cut-short', 'no-boundary'),
          fileBytes,
        )
        .map(([query, how, bytes]) => ({ query, ...multipart('f.csv', bytes, how) })),
      fc.tuple(validQuery, fileNames, fileBytes).map(([query, name, bytes]) => ({
        query,
        ...multipart(`${name}\u0000.csv`, bytes, 'ok'),
        broken: { value: name, kind: 'nul' as const, path: 'file', where: 'body' as const },
      })),
      validQuery.map((query) => ({ query, payload: '{"file":"x"}', contentType: 'application/json' })),
    );
  } else if (op.body?.kind === 'json') {
    const body = op.body.schema;
    const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });
    options.push(
      fc.tuple(validQuery, valid(body, resolve)).map(([query, value]) => ({ query, ...json(value) })),
      fc.tuple(validQuery, valid(body, resolve)).map(([query, value]) => ({ query, ...json(value) })),
      fc.tuple(validQuery, broken(body, resolve)).map(([query, bad]) => ({
        query,
        ...json(bad.value),
        broken: { ...bad, where: 'body' as const },
      })),
      fc
        .tuple(
          validQuery,
          fc.constantFrom('{', 'null', '', '[1,', '"text"'),
          fc.constantFrom('application/json', 'text/plain'),
        )
        .map(([query, payload, contentType]) => ({ query, payload, contentType })),
    );
  } else {
    options.push(
      validQuery.map((query) => ({ query })),
      validQuery.map((query) => ({ query })),
    );
  }
  if (op.query) {
    options.push(
      broken(op.query, resolve)
        .filter((bad) => bad.kind !== 'missing' || (op.query?.required ?? []).length > 0)
        .map((bad) => ({
          query: queryString(bad.value),
          broken: { ...bad, where: 'query' as const },
          ...(op.body?.kind === 'json' ? { payload: '{}', contentType: 'application/json' } : {}),
        })),
    );
  }
  return fc.oneof(...options);
}
