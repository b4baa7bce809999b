import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildFirstPaint, firstPaintScript, THEME_KEY } from '../vite-first-paint';
import { dayPart } from './features/dashboard/greeting';
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
