import type { DiffChanges } from '@quayside/contract';
import type { TFunction } from 'i18next';
import { versionSummary } from '@/features/quotations/summary';

/** The order key of a header field the diff names ("port_of_loading" → order.portOfLoading). */
const FIELD_KEYS: Record<string, string> = { customer_name: 'customer', shipping_cost: 'shipping' };
export const orderFieldLabel = (t: TFunction, field: string) =>
  t(`order.${FIELD_KEYS[field] ?? field.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())}`, {
    defaultValue: field,
  });

/** What a version changed, in the reader's language (the counting words are the quotations'). */
export function orderVersionSummary(t: TFunction, c: DiffChanges | null): string {
  if (!c) return t('order.created');
  const counted = versionSummary(t, { ...c, fields: [] });
  if (c.fields.length === 0) return counted;
  const fields = t('order.fieldsChanged', { fields: c.fields.map((f) => orderFieldLabel(t, f)).join(', ') });
  return counted === t('quotations.summary.none') ? fields : `${counted}, ${fields}`;
}
