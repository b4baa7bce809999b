import type { PackingChanges } from '@quayside/contract';
import type { TFunction } from 'i18next';

/** The label key of each header field a version may change. */
const FIELD_LABELS: Record<string, string> = {
  invoice_number: 'packing.invoice',
  issue_date: 'packing.issueDate',
  shipping_marks: 'packing.marks',
  container_number: 'packing.container',
  seal_number: 'packing.seal',
  port_of_loading: 'packing.portOfLoading',
  port_of_destination: 'packing.portOfDestination',
  remark: 'packing.remark',
};

/** What a version changed, in the reader's language ("1 quantity changed, container No. changed, CBM 1.008 → 0.954"). */
export function packingSummary(c: PackingChanges, t: TFunction): string {
  const parts: string[] = [];
  if (c.quantities) parts.push(t('packing.changes.quantities', { count: c.quantities }));
  if (c.cartons) parts.push(t('packing.changes.cartons', { count: c.cartons }));
  if (c.edited) parts.push(t('packing.changes.edited', { count: c.edited }));
  if (c.added) parts.push(t('packing.changes.added', { count: c.added }));
  if (c.removed) parts.push(t('packing.changes.removed', { count: c.removed }));
  if (c.fields.length) {
    const names = c.fields.map((f) => (FIELD_LABELS[f] ? t(FIELD_LABELS[f]) : f));
    parts.push(t('packing.changes.fields', { fields: names.join(t('packing.changes.separator')) }));
  }
  if (c.total_cbm_from !== c.total_cbm_to)
    parts.push(t('packing.changes.cbm', { from: c.total_cbm_from, to: c.total_cbm_to }));
  return parts.length ? parts.join(t('packing.changes.separator')) : t('packing.changes.none');
}
