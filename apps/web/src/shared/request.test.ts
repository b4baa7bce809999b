import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorLogStore } from './error-log/store';
import { type Notifier, setNotifier } from './notify';
import { buildUrl, EARLY_CALLS, get, mapFailure, post, RequestError } from './request';
import { getToken, sessionStore, setToken } from './session';

const t = (key: string) => `t:${key}`;

describe('mapFailure (spec §8 error catalogue)', () => {
  it('shows the server msg of a failed envelope as an error message', () => {
    const m = mapFailure(
      { status: 400, body: { error_status: 1, code: 'VALIDATION_FAILED', msg: 'Name is required' } },
      t,
      true,
    );
    expect(m.notice).toEqual({ via: 'message', level: 'error', text: 'Name is required' });
    expect(m.error.kind).toBe('business');
    expect(m.error.code).toBe('VALIDATION_FAILED');
    expect(m.endSession).toBe(false);
  });

  it('treats a failed envelope on HTTP 200 the same way', () => {
    const m = mapFailure({ status: 200, body: { error_status: 1, code: 'CONFLICT', msg: 'Taken' } }, t, true);
    expect(m.notice).toEqual({ via: 'message', level: 'error', text: 'Taken' });
  });

  it('403 AUTH_REQUIRED: login timed out warning titled error, and the session ends', () => {
    const m = mapFailure(
      { status: 403, body: { error_status: 1, code: 'AUTH_REQUIRED', msg: 'x' } },
      t,
      true,
    );
    expect(m.notice).toEqual({
      via: 'notification',
      level: 'warning',
      title: 't:request.errorTitle',
      text: 't:request.loginTimedOut',
    });
    expect(m.error.kind).toBe('auth');
    expect(m.endSession).toBe(true);
  });

  it('403 FORBIDDEN: shows the msg and keeps the session', () => {
    const m = mapFailure(
      { status: 403, body: { error_status: 1, code: 'FORBIDDEN', msg: 'Admins only' } },
      t,
      true,
    );
    expect(m.notice).toEqual({ via: 'message', level: 'error', text: 'Admins only' });
    expect(m.error.kind).toBe('forbidden');
    expect(m.endSession).toBe(false);
  });

  it('403 PASSWORD_CHANGE_REQUIRED: shows the msg and keeps the session', () => {
    const m = mapFailure(
      {
        status: 403,
        body: { error_status: 1, code: 'PASSWORD_CHANGE_REQUIRED', msg: 'Please change your password' },
      },
      t,
      true,
    );
    expect(m.notice).toEqual({ via: 'message', level: 'error', text: 'Please change your password' });
    expect(m.endSession).toBe(false);
  });

  it('403 without a session (e.g. a disabled user logging in) is shown as the server says', () => {
    const m = mapFailure(
      { status: 403, body: { error_status: 1, code: 'AUTH_REQUIRED', msg: 'No' } },
      t,
      false,
    );
    expect(m.notice).toEqual({ via: 'message', level: 'error', text: 'No' });
    expect(m.endSession).toBe(false);
  });

  it('HTTP 500: server abnormal notification', () => {
    const m = mapFailure({ status: 500, body: { error_status: 1, code: 'INTERNAL', msg: 'boom' } }, t, true);
    expect(m.notice).toEqual({
      via: 'notification',
      level: 'error',
      title: 't:request.errorTitle',
      text: 't:request.serverError',
    });
    expect(m.error.kind).toBe('server');
  });

  it('anything else: request failed notification', () => {
    for (const failure of [
      { status: 502, body: null },
      { status: 404, body: '<html>' },
      { status: null, body: null },
      { status: null, body: null, timedOut: true },
    ]) {
      const m = mapFailure(failure, t, true);
      expect(m.notice).toEqual(
        expect.objectContaining({
          via: 'notification',
          level: 'error',
          text: expect.stringMatching(/request\.(failed|serverError)/),
        }),
      );
    }
    expect(mapFailure({ status: null, body: null }, t, true).notice).toMatchObject({
      text: 't:request.failed',
    });
    expect(mapFailure({ status: null, body: null, timedOut: true }, t, true).error.kind).toBe('timeout');
    expect(mapFailure({ status: 404, body: '<html>' }, t, true).notice).toMatchObject({
      text: 't:request.failed',
    });
  });

  it('falls back to "request failed" when the server gives no msg', () => {
    const m = mapFailure({ status: 409, body: { error_status: 1, code: 'CONFLICT', msg: '' } }, t, true);
    expect(m.notice).toMatchObject({ via: 'message', text: 't:request.failed' });
  });
});

describe('buildUrl', () => {
  it('prefixes /api and drops empty params', () => {
    expect(buildUrl('/user/list/', { page: 1, q: '', role: undefined, disabled: false })).toBe(
      '/api/user/list/?page=1&disabled=false',
    );
    expect(buildUrl('/api/email/unread/')).toBe('/api/email/unread/');
    expect(buildUrl('/x/', { ids: [1, 2] })).toBe('/api/x/?ids=1&ids=2');
  });
});

describe('request()', () => {
  const notices: string[] = [];
  const notifier: Notifier = {
    message: (level, text, seconds) => notices.push(`message:${level}:${text}:${seconds}`),
    notification: (level, title, text, seconds) =>
      notices.push(`notification:${level}:${title}:${text}:${seconds}`),
  };
  const fetchMock = vi.fn<typeof fetch>();
  const answer = (status: number, body: unknown) =>
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));

  beforeEach(() => {
    notices.length = 0;
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    setNotifier(notifier);
    setToken('tok-1');
    errorLogStore.set([]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    setNotifier(null);
    sessionStore.set({ token: null, user: null });
  });

  it('sends X-Token and returns data of a success envelope', async () => {
    answer(200, { error_status: 0, msg: 'ok', data: { count: 3 } });
    await expect(get('/email/unread/')).resolves.toEqual({ count: 3 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/email/unread/');
    expect((init?.headers as Record<string, string> | undefined)?.['X-Token']).toBe('tok-1');
    expect(notices).toEqual([]);
  });

  it('posts JSON', async () => {
    answer(200, { error_status: 0, msg: 'ok', data: null });
    await post('/user/update/', { id: 1 });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"id":1}');
    expect((init?.headers as Record<string, string> | undefined)?.['Content-Type']).toBe('application/json');
  });

  it('shows the msg for 5 s and rejects with the server code', async () => {
    answer(409, { error_status: 1, code: 'CONFLICT', msg: 'Username taken' });
    await expect(post('/user/create/', {})).rejects.toMatchObject({ kind: 'business', code: 'CONFLICT' });
    expect(notices).toEqual(['message:error:Username taken:5']);
    expect(getToken()).toBe('tok-1');
  });

  it('quiet calls leave business errors to the caller', async () => {
    answer(400, { error_status: 1, code: 'VALIDATION_FAILED', msg: 'Bad' });
    await expect(post('/user/create/', {}, { quiet: true })).rejects.toBeInstanceOf(RequestError);
    expect(notices).toEqual([]);
  });

  it('AUTH_REQUIRED ends the session with one warning, however many calls fail', async () => {
    answer(403, { error_status: 1, code: 'AUTH_REQUIRED', msg: 'x' });
    answer(403, { error_status: 1, code: 'AUTH_REQUIRED', msg: 'x' });
    const results = await Promise.allSettled([get('/a/'), get('/b/')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(getToken()).toBeNull();
    expect(notices).toEqual(['notification:warning:Error:Your login has timed out, please log in again:5']);
  });

  it('FORBIDDEN keeps the session and shows the msg', async () => {
    answer(403, { error_status: 1, code: 'FORBIDDEN', msg: 'Admins only' });
    await expect(get('/user/list/')).rejects.toMatchObject({ kind: 'forbidden' });
    expect(getToken()).toBe('tok-1');
    expect(notices).toEqual(['message:error:Admins only:5']);
  });

  it('500 and network failures notify and land in the error log', async () => {
    answer(500, { error_status: 1, code: 'INTERNAL', msg: 'boom' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(get('/a/', undefined, { quiet: true })).rejects.toMatchObject({ kind: 'server' });
    await expect(get('/b/')).rejects.toMatchObject({ kind: 'network' });
    expect(notices).toEqual([
      'notification:error:Error:The server is having trouble, please retry later:5',
      'notification:error:Error:The request failed, please retry later:5',
    ]);
    expect(errorLogStore.get().map((e) => e.info)).toEqual(['GET /api/a/ → 500', 'GET /api/b/ → no answer']);
  });

  it('silent calls tell nothing of any failure, and faults still land in the error log', async () => {
    answer(500, { error_status: 1, code: 'INTERNAL', msg: 'boom' });
    answer(400, { error_status: 1, code: 'VALIDATION_FAILED', msg: 'Bad' });
    await expect(get('/a/', undefined, { silent: true })).rejects.toMatchObject({ kind: 'server' });
    await expect(get('/b/', undefined, { silent: true })).rejects.toMatchObject({ kind: 'business' });
    expect(notices).toEqual([]);
    expect(errorLogStore.get().map((e) => e.info)).toEqual(['GET /api/a/ → 500']);
  });

  it('gives up after the timeout (60 s by default)', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = get('/slow/');
    const settled = expect(pending).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(notices).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(notices).toEqual(['notification:error:Error:The request failed, please retry later:5']);
  });

  it('a call the app cancels while the body is read is a cancel, not "The request failed"', async () => {
    const caller = new AbortController();
    fetchMock.mockImplementationOnce(async (_url, init) => {
      const res = new Response('{"error_status":0,"data":{}}', { status: 200 });
      // The body is read after the app superseded the search.
      Object.defineProperty(res, 'json', {
        value: () => {
          caller.abort();
          return init?.signal?.aborted
            ? Promise.reject(new DOMException('aborted', 'AbortError'))
            : Promise.resolve({});
        },
      });
      return res;
    });
    await expect(get('/search/', undefined, { signal: caller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(notices).toEqual([]);
    expect(errorLogStore.get()).toEqual([]);
  });

  it('takes the answer of a call first-screen.ts started for the same URL and token, once', async () => {
    const early = (token: string) => ({
      url: '/api/user_info/?token=tok-1',
      token,
      response: Promise.resolve(new Response('{"error_status":0,"data":{"id":7}}', { status: 200 })),
    });
    Object.assign(window, { [EARLY_CALLS]: [early('tok-other'), early('tok-1')] });
    await expect(get('/user_info/', { token: 'tok-1' })).resolves.toEqual({ id: 7 });
    expect(fetchMock).not.toHaveBeenCalled();
    // Taken: the next such call goes to the server; the one of another token is never used.
    answer(200, { error_status: 0, msg: 'ok', data: { id: 8 } });
    await expect(get('/user_info/', { token: 'tok-1' })).resolves.toEqual({ id: 8 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    Object.assign(window, { [EARLY_CALLS]: [] });
  });
});
