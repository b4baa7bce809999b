import { type FieldErrors, localizeContractMessage } from '@quayside/contract';
import type { FastifySchemaCompiler } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Lang, translate } from './i18n';

/** A request that failed its zod schema; keeps what is needed to explain it in the caller's language. */
export class RequestValidationError extends Error {
  constructor(
    readonly schema: z.ZodType,
    readonly input: unknown,
    readonly part: string,
    /** Fields whose text holds a NUL character (PostgreSQL cannot store one). */
    readonly nulFields: string[] = [],
  ) {
    super('request validation failed');
  }
}

/**
 * Where a NUL character hides in parsed input (a value or a key), as field paths. Checked here for
 * every query and body, so no schema has to remember it; the mail sync strips NUL itself.
 */
function nulFields(value: unknown, path: string, out: string[] = []): string[] {
  if (out.length >= 20) return out;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(path);
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) nulFields(item, path ? `${path}.${i}` : String(i), out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const name = key.replaceAll('\u0000', '\\0');
      nulFields(item, path ? `${path}.${name}` : name, out);
      if (key.includes('\u0000') && !out.includes(path)) out.push(path);
    }
  }
  return out;
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const part = httpPart ?? 'body';
    const withNul = nulFields(data, '');
    if (withNul.length > 0) return { error: new RequestValidationError(schema, data, part, withNul) };
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(schema, data, part) };
  };

/**
 * Answers are checked against their schema and sent as it parses them. zod's encode (what the type
 * provider's serializer uses) cannot run a schema backwards through a transform (a trimmed text), so
 * sharing an input helper with an answer schema made every such answer a 500; parse runs it forwards.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };

const localeErrorMaps = { en: z.locales.en().localeError, zh: z.locales.zhCN().localeError };

/** Per-field messages in the caller's language, e.g. `[{field: 'password', msg: '…'}]`. */
export function fieldErrors(err: RequestValidationError, lang: Lang): FieldErrors {
  if (err.nulFields.length > 0) {
    return err.nulFields.map((field) => ({ field: field || err.part, msg: translate(lang, 'nulCharacter') }));
  }
  const result = err.schema.safeParse(err.input, { error: localeErrorMaps[lang] });
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || err.part,
    msg: localizeContractMessage(issue.message, lang),
  }));
}
