import enAntd from 'antd/es/locale/en_US';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';
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
 * The app's base English (locales/en.json: the login page, the guard, the request wrapper) is in the
 * first load, and English is every missing key's fallback; the features' English is a chunk of its
 * own (`i18n-en.ts`) that every screen but the login page waits for (`featureTextsReady`); Chinese is
 * one chunk too (`i18n-zh.ts`), fetched only by someone who reads Chinese.
 */
type ZhBundle = typeof import('./i18n-zh');
let zhBundle: ZhBundle | undefined;

async function loadLanguage(lang: Language): Promise<void> {
  if (lang !== 'zh' || zhBundle) return;
  zhBundle = await import('./i18n-zh');
  i18n.addResourceBundle('zh', 'translation', zhBundle.texts);
}

let featureTexts: Promise<void> | undefined;

/** Resolves once the features' English texts are in (asked for once; a screen of the app waits for it). */
export function featureTextsReady(): Promise<void> {
  featureTexts ??= import('./i18n-en').then(({ texts }) => {
    i18n.addResourceBundle('en', 'translation', texts, true, false);
  });
  return featureTexts;
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  // A copy: the features' texts are merged into it later, the imported module stays as it is.
  resources: { en: { translation: structuredClone(en) } },
  partialBundledLanguages: true,
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
syncDocument(i18n.language);

/** Resolves once the texts of the starting language are in: render after it (no English flash). */
export const i18nReady: Promise<void> = loadLanguage(currentLanguage());

/** antd's own texts (pagination, pickers, empty lists) in the current language. */
export function antdLocale() {
  return i18n.language === 'zh' && zhBundle ? zhBundle.antd : enAntd;
}

function syncDocument(lang: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Switch and remember the language; the server answers in it too (it reads the cookie). */
export async function setLanguage(lang: Language): Promise<void> {
  cookies.set(COOKIE.language, lang);
  await loadLanguage(lang);
  syncDocument(lang);
  await i18n.changeLanguage(lang);
}
