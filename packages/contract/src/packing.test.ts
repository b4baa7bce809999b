import { describe, expect, it } from 'vitest';
import { cartonsFor, lineCbm, lineFigures, packagingHint, packingTotals, packingWarnings } from './packing';

const line = (over: Partial<Parameters<typeof lineFigures>[0]> = {}) => ({
  cartons: '12',
  qty_per_carton: '12',
  quantity: '144',
  net_weight: '12.5',
  gross_weight: '14.5',
  length_cm: '60',
  width_cm: '40',
  height_cm: '35',
  ...over,
});

describe('packing arithmetic', () => {
  it('computes a line volume in CBM exactly, half-up to 3 places', () => {
    // 12 × 60 × 40 × 35 = 1,008,000 cm³ = 1.008 m³
    expect(lineCbm('12', '60', '40', '35')).toBe('1.008');
    // 45 × 30 × 25 = 33,750 cm³ = 0.03375 → 0.034
    expect(lineCbm('1', '45', '30', '25')).toBe('0.034');
    // 3 × 10 × 10 × 5 = 1,500 cm³ = 0.0015 → 0.002 (half-up, not to even)
    expect(lineCbm('3', '10', '10', '5')).toBe('0.002');
    // 7 × 33.3 × 22.1 × 15.7 = 80,878.707 cm³ → 0.081
    expect(lineCbm('7', '33.3', '22.1', '15.7')).toBe('0.081');
    // 0.1 + 0.2 territory: 1 × 0.1 × 0.2 × 0.3 = 0.006 cm³ → 0.000
    expect(lineCbm('1', '0.1', '0.2', '0.3')).toBe('0.000');
    expect(lineCbm('0', '60', '40', '35')).toBe('0.000');
  });

  it('totals a line weight per carton × cartons', () => {
    expect(lineFigures(line())).toEqual({ cbm: '1.008', total_net_weight: '150', total_gross_weight: '174' });
    // 3 × 0.333 = 0.999 exactly (a float sum of 0.333 three times is 0.9990000000000001)
    expect(lineFigures(line({ cartons: '3', net_weight: '0.333', gross_weight: '0.5' }))).toMatchObject({
      total_net_weight: '0.999',
      total_gross_weight: '1.5',
    });
  });

  it('totals the document: cartons, quantity, N.W., G.W. and the CBM column as shown', () => {
    const lines = [
      line(),
      line({
        cartons: '3',
        qty_per_carton: '10',
        quantity: '25',
        net_weight: '0.333',
        gross_weight: '0.5',
        length_cm: '10',
        width_cm: '10',
        height_cm: '5',
      }),
      line({ cartons: '3', quantity: '36', length_cm: '10', width_cm: '10', height_cm: '5' }),
    ].map((l) => ({ ...l, ...lineFigures(l) }));
    expect(lines.map((l) => l.cbm)).toEqual(['1.008', '0.002', '0.002']);
    expect(packingTotals(lines)).toEqual({
      total_cartons: '18',
      total_quantity: '205',
      // 150 + 0.999 + 37.5
      total_net_weight: '188.499',
      // 174 + 1.5 + 43.5
      total_gross_weight: '219',
      // the sum of the rounded lines (1.008 + 0.002 + 0.002), not the rounded sum of 1.0110 m³
      total_cbm: '1.012',
    });
    expect(packingTotals([])).toEqual({
      total_cartons: '0',
      total_quantity: '0',
      total_net_weight: '0',
      total_gross_weight: '0',
      total_cbm: '0.000',
    });
  });

  it('warns when the quantity differs from the order line or from cartons × per carton', () => {
    expect(packingWarnings(line(), '144')).toEqual({ order_quantity: false, carton_quantity: false });
    expect(packingWarnings(line(), '150')).toEqual({ order_quantity: true, carton_quantity: false });
    expect(packingWarnings(line({ quantity: '140' }), '140')).toEqual({
      order_quantity: false,
      carton_quantity: true,
    });
    expect(packingWarnings(line({ quantity: '144.000' }), '144')).toEqual({
      order_quantity: false,
      carton_quantity: false,
    });
    // A free line (no order line) and a line without carton figures are not compared.
    expect(packingWarnings(line({ cartons: '0', quantity: '7' }), null)).toEqual({
      order_quantity: false,
      carton_quantity: false,
    });
  });

  it('counts the cartons a quantity needs, a part carton counting whole', () => {
    expect(cartonsFor('144', '12')).toBe('12');
    expect(cartonsFor('145', '12')).toBe('13');
    expect(cartonsFor('0.5', '0.25')).toBe('2');
    expect(cartonsFor('100', '0')).toBe('0');
  });

  it('reads carton figures out of a product packaging text', () => {
    expect(packagingHint('1 pc / colour box, 12 pcs / carton, 60×40×35 cm, 14.5 kg')).toEqual({
      qty_per_carton: '12',
      length_cm: '60',
      width_cm: '40',
      height_cm: '35',
      gross_weight: '14.5',
    });
    expect(packagingHint('20 sets per ctn; 450x300x250mm; N.W.: 12 kgs, G.W. 13.5 kg')).toEqual({
      qty_per_carton: '20',
      length_cm: '45',
      width_cm: '30',
      height_cm: '25',
      net_weight: '12',
      gross_weight: '13.5',
    });
    expect(packagingHint('每箱 ignored; 24个/箱，净重 10kg，毛重 11.2kg，尺寸 50*40*30cm')).toEqual({
      qty_per_carton: '24',
      length_cm: '50',
      width_cm: '40',
      height_cm: '30',
      net_weight: '10',
      gross_weight: '11.2',
    });
    expect(packagingHint('polybag, then export carton')).toEqual({});
    expect(packagingHint('')).toEqual({});
  });
});
