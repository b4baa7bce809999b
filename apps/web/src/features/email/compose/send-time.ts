import { parseTime } from '@/shared/format';
import { currentLanguage } from '@/shared/i18n';

/** A send time as menus and notices show it: "Thu 03-05 08:00" (周四 in Chinese). */
export const showSendTime = (at: Date | string) =>
  parseTime(at, '{a} {m}-{d} {h}:{i}', currentLanguage()) ?? '';
