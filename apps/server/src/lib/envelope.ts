import type { FailureEnvelope, SuccessEnvelope } from '@quayside/contract';

export function ok<T>(data: T): SuccessEnvelope<T> {
  return { error_status: 0, msg: 'ok', data };
}

export function failure(code: FailureEnvelope['code'], msg: string, details?: unknown): FailureEnvelope {
  return details === undefined ? { error_status: 1, code, msg } : { error_status: 1, code, msg, details };
}
