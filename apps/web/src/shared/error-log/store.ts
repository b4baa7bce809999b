import { createStore, useStore } from '../store';

/** One collected error (spec §3 error-log entry): message, stack, info, url. */
export interface ErrorLogEntry {
  id: number;
  message: string;
  info: string;
  url: string;
  stack: string;
  time: number;
}

const MAX_ENTRIES = 100;
let nextId = 1;

export const errorLogStore = createStore<ErrorLogEntry[]>([]);

/**
 * Not faults: a form whose validation failed (antd rejects with `{errorFields, values}`, the
 * values being what the user typed, passwords included), and the browser's benign
 * "ResizeObserver loop" notice.
 */
export function isNoise(error: unknown): boolean {
  if (error && typeof error === 'object' && Array.isArray((error as { errorFields?: unknown }).errorFields))
    return true;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return message.startsWith('ResizeObserver loop');
}

export function logError(error: unknown, info = ''): void {
  if (isNoise(error)) return;
  // Never the value itself: an object may carry what a user typed.
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : describe(error));
  const entry: ErrorLogEntry = {
    id: nextId++,
    message: err.message || String(err.name),
    info,
    url: typeof location === 'undefined' ? '' : location.href,
    stack: err.stack ?? '',
    time: Date.now(),
  };
  errorLogStore.set((list) => [...list, entry].slice(-MAX_ENTRIES));
  console.error(`[error-log] ${entry.message}${info ? ` (${info})` : ''}`, entry.stack);
}

export function clearErrorLog(): void {
  errorLogStore.set([]);
}

export const useErrorLog = () => useStore(errorLogStore);

/** What a non-Error value is, without its contents. */
function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value !== 'object') return `${typeof value} thrown`;
  return `${(value as object).constructor?.name || 'Object'} thrown (keys: ${Object.keys(value).slice(0, 5).join(', ')})`;
}

/** Collect uncaught errors and unhandled promise rejections of the whole page. */
export function installGlobalErrorHandlers(target: Window = window): () => void {
  const onError = (e: ErrorEvent) => {
    if (isNoise(e.message)) return;
    logError(e.error ?? e.message, 'window.onerror');
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    // Request failures were already shown to the user and logged by the wrapper when it mattered.
    if ((e.reason as { name?: string } | null)?.name === 'RequestError') return;
    logError(e.reason, 'unhandledrejection');
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
