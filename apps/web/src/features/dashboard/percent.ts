/** A share as a percentage in the reader's language ("33.3%"); "—" when there is nothing to share. */
export function percent(part: number, whole: number, lang: 'en' | 'zh'): string {
  if (whole === 0) return '—';
  return new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en', {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(part / whole);
}
