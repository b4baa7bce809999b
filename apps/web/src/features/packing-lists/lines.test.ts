import { describe, expect, it } from 'vitest';
import { cartonQuantity, emptyLine, liveLines, liveTotals, toBody } from './lines';

const line = (over: Partial<ReturnType<typeof emptyLine>>) => ({ ...emptyLine(), description: 'x', ...over });

describe('packing editor arithmetic', () => {
  it('computes CBM, weights and totals as typed, the way the server does', () => {
    const live = liveLines([
      line({
        cartons: '12',
        qty_per_carton: '12',
        quantity: '144',
        gross_weight: '14.5',
        length_cm: '60',
        width_cm: '40',
        height_cm: '35',
        order_quantity: '144',
      }),
      line({
        cartons: '7',
        quantity: '24.5',
        net_weight: '0.333',
        length_cm: '33.3',
        width_cm: '22.1',
        height_cm: '15.7',
      }),
    ]);
    expect(live.map((l) => l.cbm)).toEqual(['1.008', '0.081']);
    expect(live[1]!.total_net_weight).toBe('2.331');
    expect(liveTotals(live)).toEqual({
      total_cartons: '19',
      total_quantity: '168.5',
      total_net_weight: '2.331',
      total_gross_weight: '174',
      total_cbm: '1.089',
    });
  });

  it('treats a figure still being typed as 0 and warns on quantity mismatches', () => {
    const [half] = liveLines([
      line({ cartons: '1.5', quantity: '12.', length_cm: 'abc', order_quantity: '12' }),
    ]);
    expect(half!.cbm).toBe('0.000');
    expect(half!.warnings.order_quantity).toBe(true);
    const [short] = liveLines([
      line({ cartons: '11', qty_per_carton: '12', quantity: '130', order_quantity: '130' }),
    ]);
    expect(short!.warnings).toEqual({ order_quantity: false, carton_quantity: true });
    expect(cartonQuantity(short!)).toBe('132');
  });

  it('sends the figures typed, without the keys only the editor keeps', () => {
    const [body] = toBody([line({ cartons: '3', order_quantity: '5' })]);
    expect(body).not.toHaveProperty('key');
    expect(body).not.toHaveProperty('order_quantity');
    expect(body).toMatchObject({ cartons: '3', description: 'x' });
  });
});
