import type { UserInfo } from '@quayside/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Notifier, setNotifier } from '@/shared/notify';
import { getToken, sessionStore, setToken } from '@/shared/session';
import { Guard } from './Guard';

vi.mock('./screens', () => ({ preloadScreen: () => {} }));

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Guard>
        <div>page content</div>
      </Guard>
      <Where />
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;

const info = (roles: string[]): UserInfo =>
  ({
    id: 1,
    username: 'ann',
    roles,
    name: 'Ann',
    avatar: '',
    introduction: '',
    must_change_password: false,
    setting: { articlePlatform: [] },
  }) as UserInfo;

describe('Guard', () => {
  const messages: string[] = [];
  const notifier: Notifier = {
    message: (_level, text) => messages.push(text),
    notification: (_level, title, text) => messages.push(`${title}: ${text}`),
  };
  const fetchMock = vi.fn<typeof fetch>();
  const userInfoAnswers = (status: number, body: unknown) =>
    fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status }));

  beforeEach(() => {
    messages.length = 0;
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    setNotifier(notifier);
    sessionStore.set({ token: null, user: null });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setNotifier(null);
    sessionStore.set({ token: null, user: null });
  });

  it('sends a visitor without a token to login, remembering the page', () => {
    renderAt('/user/list?q=a');
    expect(where()).toBe('/login?redirect=%2Fuser%2Flist%3Fq%3Da');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the user info, then shows the page', async () => {
    setToken('tok');
    userInfoAnswers(200, { error_status: 0, msg: 'ok', data: info(['admin']) });
    renderAt('/user/list');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('page content')).toBeInTheDocument();
    expect(where()).toBe('/user/list');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user_info/?token=tok');
    expect(sessionStore.get().user?.name).toBe('Ann');
  });

  it('sends a role that may not open the page to /401 with the no-go-back flag', async () => {
    setToken('tok');
    userInfoAnswers(200, { error_status: 0, msg: 'ok', data: info(['editor']) });
    renderAt('/user/list');
    await waitFor(() => expect(where()).toBe('/401?noGoBack=true'));
  });

  it('clears the session on empty roles and says so', async () => {
    setToken('tok');
    userInfoAnswers(200, { error_status: 0, msg: 'ok', data: info([]) });
    renderAt('/customer/list');
    await waitFor(() => expect(where()).toBe('/login?redirect=%2F'));
    expect(getToken()).toBeNull();
    expect(messages).toEqual(['getInfo: roles must be a non-null array !']);
  });

  it("shows the server's message when the user info call fails", async () => {
    setToken('tok');
    userInfoAnswers(403, { error_status: 1, code: 'FORBIDDEN', msg: 'This account is disabled' });
    renderAt('/customer/list');
    await waitFor(() => expect(where()).toBe('/login?redirect=%2F'));
    expect(getToken()).toBeNull();
    expect(messages).toEqual(['This account is disabled']);
  });

  it('says "Verification failed, please login again" when the server gives no message', async () => {
    setToken('tok');
    userInfoAnswers(400, { error_status: 1, code: 'VALIDATION_FAILED', msg: '' });
    renderAt('/customer/list');
    await waitFor(() => expect(where()).toBe('/login?redirect=%2F'));
    expect(getToken()).toBeNull();
    expect(messages).toEqual(['Verification failed, please login again']);
  });

  it('an expired token shows the login-timed-out warning once and goes to login', async () => {
    setToken('tok');
    userInfoAnswers(403, { error_status: 1, code: 'AUTH_REQUIRED', msg: 'x' });
    renderAt('/customer/list');
    await waitFor(() => expect(where()).toMatch(/^\/login\?redirect=/));
    expect(messages).toEqual(['Error: Your login has timed out, please log in again']);
  });

  it('sends a signed-in user away from /login', async () => {
    setToken('tok');
    await act(async () => {
      renderAt('/login');
    });
    expect(where()).not.toBe('/login');
  });
});
