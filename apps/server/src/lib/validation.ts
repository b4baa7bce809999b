import { type FieldErrors, localizeContractMessage } from '@quayside/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import type { Lang } from './i18n';

/** A request that failed its zod schema; keeps what is needed to explain it in the caller's language. */
export class RequestValidationError extends Error {
  constructor(
    readonly schema: z.ZodType,
    readonly input: unknown,
    readonly part: string,
  ) {
    super('request validation failed');
  }
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(schema, data, httpPart ?? 'body') };
  };

const localeErrorMaps = { en: z.locales.en().localeError, zh: z.locales.zhCN().localeError };

/** Per-field messages in the caller's language, e.g. `[{field: 'password', msg: '…'}]`. */
export function fieldErrors(err: RequestValidationError, lang: Lang): FieldErrors {
  const result = err.schema.safeParse(err.input, { error: localeErrorMaps[lang] });
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || err.part,
    msg: localizeContractMessage(issue.message, lang),
  }));
}
