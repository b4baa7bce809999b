import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';
import zh from '@/locales/zh.json';
import { COOKIE, cookies } from './cookies';

export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * The language remembered in cookie `language`; on a first visit the browser's language
 * decides (Chinese browsers get zh, everyone else en).
 */
export function initialLanguage(): Language {
  const saved = cookies.get(COOKIE.language);
  if (isLanguage(saved)) return saved;
  const browser = typeof navigator === 'undefined' ? '' : navigator.language.toLowerCase();
  return browser.startsWith('zh') ? 'zh' : 'en';
}

/**
 * Texts a feature or a shared kit brings in its own `locales/<lang>.json`
 * (`features/<module>/locales/`, `shared/<kit>/locales/`), each under its own top-level keys.
 */
const moduleLocales = import.meta.glob<Record<string, unknown>>(
  ['../features/*/locales/*.json', './*/locales/*.json'],
  { eager: true, import: 'default' },
);
const withModules = (lang: Language, base: Record<string, unknown>) =>
  Object.entries(moduleLocales)
    .filter(([path]) => path.endsWith(`/${lang}.json`))
    .reduce((all, [, texts]) => Object.assign(all, texts), { ...base });

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: withModules('en', en) }, zh: { translation: withModules('zh', zh) } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
syncDocument(i18n.language);

function syncDocument(lang: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Switch and remember the language; the server answers in it too (it reads the cookie). */
export async function setLanguage(lang: Language): Promise<void> {
  cookies.set(COOKIE.language, lang);
  syncDocument(lang);
  await i18n.changeLanguage(lang);
}
