import { type DiffChanges, totalText } from '@quayside/contract';
import type { TFunction } from 'i18next';

/** A quotation header field's label ("trade_term" → "Trade term"), the field itself when unnamed. */
export const quotationFieldLabel = (t: TFunction, field: string) =>
  t(`quotations.${field.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())}`, { defaultValue: field });

/** "2 prices changed, 1 line added, total 1,000.00 → 1,200.00 USD" in the reader's language. */
export function versionSummary(t: TFunction, c: DiffChanges | null): string {
  if (!c) return t('quotations.summary.created');
  const parts: string[] = [];
  const counted = ['prices', 'quantities', 'edited', 'added', 'removed'] as const;
  for (const key of counted) if (c[key]) parts.push(t(`quotations.summary.${key}`, { count: c[key] }));
  if (c.fields.length)
    parts.push(
      t('quotations.summary.fields', {
        fields: c.fields.map((f) => quotationFieldLabel(t, f)).join(t('quotations.summary.separator')),
      }),
    );
  if (c.total_from !== c.total_to || c.currency_from !== c.currency)
    parts.push(
      t('quotations.summary.total', {
        from: totalText(c.total_from, c.currency_from),
        to: totalText(c.total_to, c.currency),
        currency: c.currency,
      }),
    );
  return parts.length ? parts.join(t('quotations.summary.separator')) : t('quotations.summary.none');
}
