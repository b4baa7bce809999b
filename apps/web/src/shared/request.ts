import type { ErrorCode } from '@quayside/contract';
import type { EarlyCall } from '../first-screen';
import { logError } from './error-log/store';
import { i18n } from './i18n';
import { NOTICE_SECONDS, notify } from './notify';
import { clearSession, getToken } from './session';

/** Spec §7: every call goes to /api with a 60 s timeout and the X-Token header. */
export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 60_000;

export type FailureKind = 'business' | 'auth' | 'forbidden' | 'server' | 'network' | 'timeout';

export class RequestError extends Error {
  override readonly name = 'RequestError';
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly status: number | null = null,
    readonly code: ErrorCode | string | null = null,
    readonly details: unknown = undefined,
    /** The server's own `msg`, '' when it gave none. */
    readonly serverMsg = '',
  ) {
    super(message);
  }
}

/** What went wrong at the HTTP level: a status with a parsed body, or no answer at all. */
export interface Failure {
  status: number | null;
  body: unknown;
  timedOut?: boolean;
}

export type Notice =
  | { via: 'message'; level: 'error'; text: string }
  | { via: 'notification'; level: 'warning' | 'error'; title: string; text: string };

export interface MappedFailure {
  error: RequestError;
  notice: Notice;
  /** True when the session is no longer valid and the user must log in again. */
  endSession: boolean;
}

type Translate = (key: string) => string;

interface FailureBody {
  error_status: number;
  code?: string;
  msg?: string;
  details?: unknown;
}

function asFailureBody(body: unknown): FailureBody | null {
  if (body && typeof body === 'object' && 'error_status' in body) {
    const b = body as FailureBody;
    if (b.error_status) return b;
  }
  return null;
}

/**
 * The error catalogue of spec §8 and API.md, as a pure mapping from a failed answer to
 * the error the caller gets, what the user is shown, and whether the session ends.
 */
export function mapFailure(failure: Failure, t: Translate, hadToken: boolean): MappedFailure {
  const body = asFailureBody(failure.body);
  const code = body?.code ?? null;
  const msg = body?.msg?.trim() || '';
  const { status } = failure;

  // AUTH_REQUIRED (or a 403 without an envelope): the session is gone. FORBIDDEN and
  // PASSWORD_CHANGE_REQUIRED keep it (the guard holds such a user on the password page).
  if (status === 403 && code !== 'FORBIDDEN' && code !== 'PASSWORD_CHANGE_REQUIRED' && hadToken) {
    const text = t('request.loginTimedOut');
    return {
      error: new RequestError('auth', text, status, code ?? 'AUTH_REQUIRED', body?.details),
      notice: { via: 'notification', level: 'warning', title: t('request.errorTitle'), text },
      endSession: true,
    };
  }
  if (status !== null && status >= 500) {
    const text = t('request.serverError');
    return {
      error: new RequestError('server', msg || text, status, code, body?.details),
      notice: { via: 'notification', level: 'error', title: t('request.errorTitle'), text },
      endSession: false,
    };
  }
  if (body) {
    const text = msg || t('request.failed');
    const kind: FailureKind = code === 'FORBIDDEN' ? 'forbidden' : 'business';
    return {
      error: new RequestError(kind, text, status, code, body.details, msg),
      notice: { via: 'message', level: 'error', text },
      endSession: false,
    };
  }
  const text = t('request.failed');
  return {
    error: new RequestError(failure.timedOut ? 'timeout' : 'network', text, status),
    notice: { via: 'notification', level: 'error', title: t('request.errorTitle'), text },
    endSession: false,
  };
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  params?: Record<string, QueryValue | readonly QueryValue[]>;
  /** A JSON body, or FormData for uploads. */
  data?: unknown;
  signal?: AbortSignal;
  timeout?: number;
  /** Do not show business errors (the caller shows them, e.g. next to a form field). */
  quiet?: boolean;
  /**
   * Tell the user of no failure at all: a call made ahead of a page (a prefetch), which the page
   * makes again, and tells, if it failed. Faults still go to the error log.
   */
  silent?: boolean;
  /** Upload progress of the body (bytes sent, bytes in all); the call then goes through XHR. */
  onUploadProgress?: (loaded: number, total: number) => void;
  /** The call outlives the page (made while it unloads); the body must stay under 64 KB. */
  keepalive?: boolean;
}

interface Transport {
  method: string;
  headers: Record<string, string>;
  body: BodyInit | undefined;
  signal: AbortSignal;
  keepalive?: boolean;
}

/** The HTTP answer: status and parsed JSON body (null when it was not JSON). */
interface Answer {
  ok: boolean;
  status: number;
  parsed: unknown;
}

/**
 * GET calls first-screen.ts started before the app's code was in (`EARLY_CALLS` there, the user
 * info): each is taken once, by the same call with the same token.
 */
export const EARLY_CALLS = '__quaysideEarlyCalls';
// The app's code is in: first-screen.ts, when it runs after it (it is `async`), starts no call.
if (typeof window !== 'undefined') Object.assign(window, { [EARLY_CALLS]: earlyCalls() ?? [] });

function earlyCalls(): EarlyCall[] | undefined {
  return (window as unknown as Record<string, EarlyCall[] | undefined>)[EARLY_CALLS];
}

function takeEarlyCall(url: string, token: string | null): Promise<Response> | undefined {
  const calls = earlyCalls();
  const index = calls?.findIndex((c) => c.url === url && c.token === token) ?? -1;
  return index < 0 ? undefined : calls?.splice(index, 1)[0]?.response;
}

/** An answer already on its way, given up like a fetch when the call is cancelled or times out. */
function abortable(response: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

async function viaFetch(url: string, init: Transport, early?: Promise<Response>): Promise<Answer> {
  const res = early
    ? await abortable(early, init.signal)
    : await fetch(url, { ...init, credentials: 'same-origin' });
  // Cancelled while the body was read (a superseded search): a cancel, not a failed answer.
  const parsed = await res.json().catch((err: unknown) => {
    if (init.signal.aborted) throw err;
    return null;
  });
  return { ok: res.ok, status: res.status, parsed };
}

/** fetch has no upload progress: uploads that report it use XMLHttpRequest, with the same answer. */
function viaXhr(url: string, init: Transport, onProgress: (loaded: number, total: number) => void) {
  return new Promise<Answer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [key, value] of Object.entries(init.headers)) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: handled like any answer without an envelope.
      }
      resolve({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, parsed });
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (init.signal.aborted) return xhr.abort();
    init.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

export function buildUrl(path: string, params?: RequestOptions['params']): string {
  const url = path.startsWith('/api') ? path : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null && v !== '') qs.append(key, String(v));
  }
  const query = qs.toString();
  return query ? `${url}?${query}` : url;
}

/** The one HTTP wrapper (ARCHITECTURE.md): pages never call fetch themselves. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.data === undefined ? 'GET' : 'POST', params, data, signal, quiet } = options;
  const url = buildUrl(path, params);
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers['X-Token'] = token;
  let body: BodyInit | undefined;
  if (data instanceof FormData) body = data;
  else if (data !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(data);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeout ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);

  let failure: Failure;
  try {
    const init: Transport = {
      method,
      headers,
      body,
      signal: controller.signal,
      keepalive: options.keepalive,
    };
    const res = options.onUploadProgress
      ? await viaXhr(url, init, options.onUploadProgress)
      : await viaFetch(url, init, method === 'GET' ? takeEarlyCall(url, token) : undefined);
    const envelope = res.parsed as { error_status?: number; data?: T } | null;
    if (res.ok && envelope && envelope.error_status === 0) return envelope.data as T;
    failure = { status: res.status, body: res.parsed };
  } catch (err) {
    if (signal?.aborted) throw err;
    failure = { status: null, body: null, timedOut };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }

  const mapped = mapFailure(failure, (k) => i18n.t(k), token !== null);
  const { notice, error } = mapped;
  // Several calls can fail together when a session ends: tell the user once, and never end a newer session.
  const sessionAlreadyEnded = mapped.endSession && getToken() !== token;
  if (mapped.endSession && !sessionAlreadyEnded) clearSession();
  if (error.kind === 'server' || error.kind === 'network' || error.kind === 'timeout') {
    logError(error, `${method} ${url} → ${failure.status ?? 'no answer'}`);
  }
  const silent =
    options.silent ||
    sessionAlreadyEnded ||
    (quiet && (error.kind === 'business' || error.kind === 'forbidden'));
  if (!silent) {
    if (notice.via === 'message') notify.message(notice.level, notice.text, NOTICE_SECONDS);
    else notify.notification(notice.level, notice.title, notice.text, NOTICE_SECONDS);
  }
  throw error;
}

/** How a query's call is made: `silent` for a prefetch (RequestOptions). */
export type Asking = Pick<RequestOptions, 'silent'>;

export const get = <T>(path: string, params?: RequestOptions['params'], options?: RequestOptions) =>
  request<T>(path, { ...options, method: 'GET', params });

export const post = <T>(path: string, data?: unknown, options?: RequestOptions) =>
  request<T>(path, { ...options, method: 'POST', data: data ?? {} });
