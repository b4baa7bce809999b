import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildFirstPaint,
  buildLoginPaint,
  firstPaintScript,
  LANGUAGE_COOKIE,
  loginPaintScript,
  THEME_KEY,
} from '../vite-first-paint';
import { takeLoginPaint } from './features/auth/login-paint';
import { dayPart } from './features/dashboard/greeting';
import { COOKIE } from './shared/cookies';
import { THEME_KEY as APP_THEME_KEY } from './shared/settings';

/** Runs the first paint's script on the template filled as the server fills it, at `time`. */
function paintAt(time: Date, lang: 'en' | 'zh', theme?: string): HTMLElement {
  vi.setSystemTime(time);
  const { template, texts } = buildFirstPaint();
  const t = texts[lang];
  if (!t) throw new Error(`no texts for ${lang}`);
  const values: Record<string, string> = {
    morning: t.morning.replace('{{name}}', 'Ann'),
    afternoon: t.afternoon.replace('{{name}}', 'Ann'),
    evening: t.evening.replace('{{name}}', 'Ann'),
    today: t.today,
    'today-format': t.todayFormat,
    weekdays: t.weekdays,
  };
  const host = document.createElement('div');
  host.innerHTML = template.replace(/%fp:([a-z-]+)%/g, (_, key: string) => values[key] ?? '');
  const root = host.firstElementChild as HTMLElement;
  const storage = { getItem: (key: string) => (key === APP_THEME_KEY ? (theme ?? null) : null) };
  // The script as the browser runs it: its element's parent is the first paint's root.
  new Function('document', 'localStorage', firstPaintScript())(
    { currentScript: { parentElement: root } },
    storage,
  );
  return root;
}

describe("the dashboard's first paint", () => {
  afterEach(() => vi.useRealTimers());

  it('greets by the hour as the dashboard does, and dates today in its format', () => {
    vi.useFakeTimers();
    for (let hour = 0; hour < 24; hour++) {
      const root = paintAt(new Date(2026, 10, 28, hour, 30), 'en');
      const word = { morning: 'Good morning', afternoon: 'Good afternoon', evening: 'Good evening' }[
        dayPart(hour)
      ];
      expect(root.querySelector('.fp-greeting')?.textContent).toBe(`${word}, Ann`);
      expect(root.querySelector('.fp-today')?.textContent).toBe('Today: Sat, 2026-11-28');
    }
    const zh = paintAt(new Date(2026, 0, 5, 9), 'zh');
    expect(zh.querySelector('.fp-greeting')?.textContent).toBe('早上好，Ann');
    expect(zh.querySelector('.fp-today')?.textContent).toBe('今天：2026年01月05日 星期一');
  });

  it("takes the user's theme colour, and ignores what is not one", () => {
    vi.useFakeTimers();
    expect(THEME_KEY).toBe(APP_THEME_KEY);
    expect(paintAt(new Date(), 'en', '#11a983').style.getPropertyValue('--qs-primary')).toBe('#11a983');
    expect(paintAt(new Date(), 'en', 'red;}</style>').style.getPropertyValue('--qs-primary')).toBe('');
  });
});

/**
 * The login paint as the server sends it in English (the other words are left unfilled), its
 * script run with this page's cookie jar and address.
 */
function loginPaint(theme?: string, page = { cookie: '', reloads: 0 }): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = buildLoginPaint()
    .template.replace('%lp:en-pressed%', 'aria-pressed="true"')
    .replace('%lp:zh-pressed%', 'aria-pressed="false"');
  const root = host.firstElementChild as HTMLElement;
  document.body.append(root);
  const storage = { getItem: (key: string) => (key === APP_THEME_KEY ? (theme ?? null) : null) };
  const fakeDocument = {
    currentScript: { parentElement: root },
    set cookie(value: string) {
      page.cookie = value;
    },
  };
  const fakeLocation = { reload: () => (page.reloads += 1) };
  new Function('document', 'localStorage', 'location', loginPaintScript())(
    fakeDocument,
    storage,
    fakeLocation,
  );
  return root;
}

describe("the login page's first paint", () => {
  afterEach(() => document.getElementById('login-paint')?.remove());

  it('takes the theme colour, and holds a sign-in asked for before the app has come', () => {
    const paint = loginPaint('#11a983');
    expect(paint.style.getPropertyValue('--qs-primary')).toBe('#11a983');
    const form = paint.querySelector('form') as HTMLFormElement;
    const submit = new Event('submit', { cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(takeLoginPaint()?.submitted).toBe(true);
  });

  it('switches language as the app does: remembered in its cookie, the page asked for again', () => {
    expect(LANGUAGE_COOKIE).toBe(COOKIE.language);
    const page = { cookie: '', reloads: 0 };
    const paint = loginPaint(undefined, page);
    paint.querySelector<HTMLButtonElement>('[data-lang="en"]')?.click();
    expect(page).toEqual({ cookie: '', reloads: 0 });
    paint.querySelector<HTMLButtonElement>('[data-lang="zh"]')?.click();
    expect(page).toEqual({ cookie: 'language=zh; path=/; max-age=31536000; samesite=lax', reloads: 1 });
  });

  it('the page that comes back in the other language has the user name typed, never the password', () => {
    const page = { cookie: '', reloads: 0 };
    const before = loginPaint(undefined, page);
    const field = (paint: HTMLElement, name: string) =>
      paint.querySelector<HTMLInputElement>(`input[name="${name}"]`) as HTMLInputElement;
    field(before, 'username').value = 'li.wei';
    field(before, 'password').value = 'secret-2026';
    before.querySelector<HTMLButtonElement>('[data-lang="zh"]')?.click();
    expect(page.reloads).toBe(1);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('secret-2026');
    before.remove();

    const after = loginPaint();
    expect(field(after, 'username').value).toBe('li.wei');
    expect(field(after, 'password').value).toBe('');
    after.remove();
    // Once: a later visit starts empty.
    expect(field(loginPaint(), 'username').value).toBe('');
  });

  it('hands the login page what was typed and where the caret was, once, and goes', () => {
    const paint = loginPaint();
    const username = paint.querySelector<HTMLInputElement>('input[name="username"]');
    const password = paint.querySelector<HTMLInputElement>('input[name="password"]');
    if (!username || !password) throw new Error('no fields');
    username.value = 'ann';
    password.value = 'secret-pa';
    password.focus();
    password.setSelectionRange(3, 6);
    expect(takeLoginPaint()).toEqual({
      username: 'ann',
      password: 'secret-pa',
      focus: { field: 'password', start: 3, end: 6 },
      submitted: false,
    });
    expect(document.getElementById('login-paint')).toBeNull();
    expect(takeLoginPaint()).toBeNull();
  });

  it('tells no focus when the visitor had left the fields', () => {
    loginPaint();
    (document.activeElement as HTMLElement | null)?.blur();
    expect(takeLoginPaint()).toMatchObject({ username: '', password: '', focus: null });
  });
});
