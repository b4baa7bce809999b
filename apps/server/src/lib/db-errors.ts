import { AppError } from './errors';

/** The fields of a PostgreSQL error that node-postgres and PGlite both carry. */
type PgError = { code: string; detail?: string; column?: string; constraint?: string };

const isPgError = (value: unknown): value is PgError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PgError).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((value as PgError).code);

/** The database's own error behind a failure (drizzle wraps it as `cause`), if there is one. */
function pgErrorOf(err: unknown): PgError | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (isPgError(e)) return e;
  }
  return null;
}

/**
 * The API field a constraint error is about: the column of `Key (lower(email))=(…)`, the last of a
 * composite key (the one the caller chose, e.g. `key` of `(user_id, key)`), or the error's column.
 */
function fieldOf(e: PgError): string | undefined {
  const key = e.detail?.match(/^Key \((.+?)\)=/)?.[1];
  if (key) {
    // Function names (lower) and casts (::text) are not columns.
    const bare = key.replace(/::[a-z ]+/g, '').replace(/[a-z_][a-z0-9_]*\s*\(/g, '(');
    const columns = bare.match(/[a-z_][a-z0-9_]*/g);
    const last = columns?.[columns.length - 1];
    if (last) return last;
  }
  return e.column;
}

/**
 * A database refusal caused by the request, as the answer it deserves: a duplicate (23505) or a
 * row still referenced (23503 on delete) is 409 CONFLICT; a reference to a row that does not exist
 * (23503 on write), a missing value (23502), a broken check (23514) or a value the column cannot
 * hold (class 22: out of range, bad text, NUL…) is 400 VALIDATION_FAILED. The schemas should catch
 * most of these first; this is the one place that keeps a race or a gap from becoming a 500.
 * Anything else is not the caller's doing: null.
 */
export function databaseInputError(err: unknown): AppError | null {
  const e = pgErrorOf(err);
  if (!e) return null;
  const field = fieldOf(e);
  const params = { field: field ?? '' };
  if (e.code === '23505') return new AppError('CONFLICT', 'valueTaken', params, undefined, field);
  if (e.code === '23503') {
    return e.detail?.includes('is still referenced')
      ? new AppError('CONFLICT', 'stillReferenced', params, undefined, field)
      : new AppError('VALIDATION_FAILED', 'referenceMissing', params, undefined, field);
  }
  if (e.code === '23502' || e.code === '23514' || e.code.startsWith('22')) {
    return new AppError('VALIDATION_FAILED', 'valueNotStorable', params, undefined, field);
  }
  return null;
}
