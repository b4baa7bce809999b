import { describe, expect, it } from 'vitest';
import { commaValues, documentParams } from './document-list';

describe('documentParams', () => {
  it('keeps a clean query as it is', () => {
    const q = { page: 2, page_size: 20, sort: '-updated_at', status: 'draft,sent', customer_id: '4' };
    expect(documentParams(q, { status: ['draft', 'sent', 'accepted'] })).toEqual(q);
  });

  it('takes one customer, owner and kind, and drops dates that are not calendar days', () => {
    expect(
      documentParams({
        customer_id: '4,5',
        owner_id: '2,9',
        kind: 'proforma,commercial',
        date_from: '2026-01-01',
        date_to: 'soon',
      }),
    ).toEqual({ customer_id: '4', owner_id: '2', kind: 'proforma', date_from: '2026-01-01' });
  });

  it('cuts comma filters to the known values, without repeats, and drops them when none is left', () => {
    const known = { status: ['draft', 'sent'], currency: ['USD', 'EUR'] };
    expect(documentParams({ status: 'sent,lost,sent', currency: 'XYZ' }, known)).toEqual({ status: 'sent' });
  });

  it('reads a comma filter for a multiple select', () => {
    expect(commaValues('USD,,EUR')).toEqual(['USD', 'EUR']);
    expect(commaValues(undefined)).toEqual([]);
  });
});
