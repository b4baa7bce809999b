// Everything the Chinese interface needs, in one chunk that only Chinese readers fetch (i18n.ts).
import zhAntd from 'antd/es/locale/zh_CN';
import zh from '@/locales/zh.json';
import { mergeTexts, type Texts } from './i18n-merge';

const zhModules = import.meta.glob<Texts>(['../features/*/locales/zh.json', './*/locales/zh.json'], {
  eager: true,
  import: 'default',
});

export const texts = mergeTexts(zh, Object.values(zhModules));
export const antd = zhAntd;
