// The English texts of every feature and shared kit, in one chunk of their own (i18n.ts): the login
// page needs only the app's base texts (locales/en.json), a signed-in screen waits for these.
import { mergeTexts, type Texts } from './i18n-merge';

const enModules = import.meta.glob<Texts>(['../features/*/locales/en.json', './*/locales/en.json'], {
  eager: true,
  import: 'default',
});

export const texts = mergeTexts({}, Object.values(enModules));
