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

export function logError(error: unknown, info = ''): void {
  const err =
    error instanceof Error ? error : new Error(typeof error === 'string' ? error : safeString(error));
  const entry: ErrorLogEntry = {
    id: nextId++,
    message: err.message || String(err.name),
    info,
    url: typeof location === 'undefined' ? '' : location.href,
    stack: err.stack ?? '',
    time: Date.now(),
  };
  errorLogStore.set((list) => [...list, entry].slice(-MAX_ENTRIES));
  console.error(`[error-log] ${entry.message}${info ? ` (${info})` : ''}`, error);
}

export function clearErrorLog(): void {
  errorLogStore.set([]);
}

export const useErrorLog = () => useStore(errorLogStore);

function safeString(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** Collect uncaught errors and unhandled promise rejections of the whole page. */
export function installGlobalErrorHandlers(target: Window = window): () => void {
  const onError = (e: ErrorEvent) => logError(e.error ?? e.message, 'window.onerror');
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
