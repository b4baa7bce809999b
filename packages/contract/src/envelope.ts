import { z } from 'zod';

/** Machine codes of a failed answer (API.md), each with its HTTP status. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  AUTH_REQUIRED: 403,
  FORBIDDEN: 403,
  /** Signed in, but the password must be changed first (only change_password, user_info, logout answer). */
  PASSWORD_CHANGE_REQUIRED: 403,
  NOT_FOUND: 404,
  /** A path that exists, asked with a method it does not answer (the Allow header lists those it does). */
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** This instance takes no requests now (starting, shutting down, database or job queue down). */
  NOT_READY: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
export const errorCodes = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The success envelope around a payload schema. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ error_status: z.literal(0), msg: z.string(), data });
}

export const failureEnvelope = z.object({
  error_status: z.literal(1),
  code: z.enum(errorCodes),
  msg: z.string(),
  details: z.unknown().optional(),
});
export type FailureEnvelope = z.infer<typeof failureEnvelope>;
export type SuccessEnvelope<T> = { error_status: 0; msg: string; data: T };
export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;

/** Per-field problems in `details` of a VALIDATION_FAILED answer. */
export type FieldErrors = { field: string; msg: string }[];

export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/**
 * Largest id (and page number) the API accepts: ids live in PostgreSQL `integer` columns, so a
 * bigger one is bad input (400), never a query that fails (500). Every id in a query, a body, an id
 * list or a filter goes through the schemas below.
 */
export const MAX_ID = 2_147_483_647;
/** An id in a JSON body. */
export const recordId = z.number().int().min(1).max(MAX_ID);
/** An id in a query string (`?id=3`). */
export const queryId = z.coerce.number().int().min(1).max(MAX_ID);
/** Ids in a JSON body (`ids: [1, 2]`), at most `max` of them. */
export const recordIds = (max = 1000) => z.array(recordId).max(max);
/** Ids in a query string, comma-separated (`?nation=1,7`); empty items are ignored. */
export const queryIdList = z
  .string()
  .max(12_000)
  .regex(/^[0-9,]*$/, 'Expected ids separated by commas')
  .transform((v) => v.split(',').filter(Boolean).map(Number))
  .pipe(z.array(recordId).max(1000));

/** A calendar day, `YYYY-MM-DD`, that exists (2026-02-30 and 2621-17-48 do not). */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date such as 2026-12-31')
  .refine((v) => {
    const day = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v);
  }, 'Expected a date such as 2026-12-31');

/** Query of every list endpoint: page, page_size (capped), sort (`-field` descending), q. */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_ID).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort: z.string().max(64).optional(),
  q: z.string().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export function listAnswer<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    /** Set by lists that count only up to a cap (email): true when `total` is a lower bound. */
    total_capped: z.boolean().optional(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}
export type ListAnswer<T> = {
  items: T[];
  total: number;
  total_capped?: boolean;
  page: number;
  page_size: number;
};

/** Query-string booleans: "true"/"1" and "false"/"0". */
export const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** `?status=a,b`: a comma list of known values, at most `max` of them. */
export const commaList = <T extends [string, ...string[]]>(values: T, max: number) =>
  z
    .string()
    .max(200)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.enum(values)).max(max));

/** `?sort=field`, or `-field` for descending, one of a list's sortable fields. */
export const sortParam = (fields: readonly [string, ...string[]]) =>
  z.enum([...fields, ...fields.map((f) => `-${f}`)] as [string, ...string[]]);

export const idQuery = z.object({ id: queryId });
export const idsBody = z.object({ ids: recordIds().min(1) });
export const isoTime = z.string();

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/**
 * Any JSON value (stored settings). Recursive, so it is registered under an id: the OpenAPI document
 * then has it once as a component that it refers to, instead of a reference to nothing.
 */
export const jsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonValue),
    z.record(z.string(), jsonValue),
  ]),
);
z.globalRegistry.add(jsonValue, { id: 'JsonValue' });
