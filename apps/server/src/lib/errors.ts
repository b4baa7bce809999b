import { ERROR_STATUS, type ErrorCode } from '@quayside/contract';
import type { MessageKey, MessageParams } from './i18n';

/** A failure the caller should see: a machine code, a message key in both languages, optional details. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
    readonly details?: unknown,
    /** For VALIDATION_FAILED raised by a rule: the field it is about. */
    readonly field?: string,
  ) {
    super(`${code}: ${messageKey}`);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (thing: MessageKey) => new AppError('NOT_FOUND', 'recordNotFound', { thing });
export const forbidden = () => new AppError('FORBIDDEN', 'forbidden');
export const authRequired = () => new AppError('AUTH_REQUIRED', 'authRequired');
export const conflict = (key: MessageKey, params?: MessageParams, details?: unknown) =>
  new AppError('CONFLICT', key, params, details);
/** A rule of the domain broken by otherwise well-formed input, reported like a field error. */
export const invalid = (field: string, key: MessageKey, params?: MessageParams) =>
  new AppError('VALIDATION_FAILED', key, params, undefined, field);
