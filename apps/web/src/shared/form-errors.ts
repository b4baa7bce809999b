import type { FieldErrors } from '@quayside/contract';
import type { FormInstance } from 'antd';
import { NOTICE_SECONDS, notify } from './notify';
import { RequestError } from './request';

export interface FieldError {
  name: string;
  errors: string[];
}

/**
 * The per-field errors of a failed answer: `details` of VALIDATION_FAILED (`[{field, msg}]`)
 * or a conflict about one field (`{field}` with the message in `msg`).
 */
export function fieldErrorsOf(err: unknown): FieldError[] {
  if (!(err instanceof RequestError)) return [];
  const { details } = err;
  if (Array.isArray(details)) {
    return (details as FieldErrors)
      .filter((d) => d && typeof d.field === 'string')
      .map((d) => ({ name: d.field, errors: [d.msg] }));
  }
  if (details && typeof details === 'object' && typeof (details as { field?: unknown }).field === 'string') {
    return [{ name: (details as { field: string }).field, errors: [err.message] }];
  }
  return [];
}

/** The same errors by field path ("items.0.quantity"), for forms that keep their own state. */
export const fieldErrorMap = (err: unknown): Record<string, string> =>
  Object.fromEntries(fieldErrorsOf(err).map((f) => [f.name, f.errors[0] ?? '']));

/**
 * Show a failed save next to the form's fields when the server names them, otherwise as a
 * message. Use with requests made `quiet`.
 */
// biome-ignore lint/suspicious/noExplicitAny: any form's values
export function showFormError(form: FormInstance<any>, err: unknown): void {
  if (!(err instanceof RequestError) || (err.kind !== 'business' && err.kind !== 'forbidden')) return;
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const fields = fieldErrorsOf(err).filter((f) => known.has(f.name));
  if (fields.length > 0) form.setFields(fields);
  else notify.message('error', err.message, NOTICE_SECONDS);
}
