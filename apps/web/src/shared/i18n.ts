import enAntd from 'antd/es/locale/en_US';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';
import { COOKIE, cookies } from './cookies';
import { mergeTexts, type Texts } from './i18n-merge';

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
 * English is in the first load (it is also every missing key's fallback); Chinese is a chunk of
 * its own (`i18n-zh.ts`), fetched only by someone who reads Chinese.
 */
const enModules = import.meta.glob<Texts>(['../features/*/locales/en.json', './*/locales/en.json'], {
  eager: true,
  import: 'default',
});
type ZhBundle = typeof import('./i18n-zh');
let zhBundle: ZhBundle | undefined;

async function loadLanguage(lang: Language): Promise<void> {
  if (lang !== 'zh' || zhBundle) return;
  zhBundle = await import('./i18n-zh');
  i18n.addResourceBundle('zh', 'translation', zhBundle.texts);
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: mergeTexts(en, Object.values(enModules)) } },
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
