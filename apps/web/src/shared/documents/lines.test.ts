import { describe, expect, it } from 'vitest';
import { editLinesOf, toBody } from './lines';

const saved = {
  product_id: 7,
  description: 'Kettle',
  model: 'SK-1',
  picture_file_id: 3,
  quantity: '2',
  unit: 'pcs',
  unit_price: '12.50',
  amount: '25.00',
};

describe('editLinesOf', () => {
  it("opens a saved version's lines with their thumbnails, and saves them back as they were", () => {
    const [line] = editLinesOf([saved, { ...saved, picture_file_id: null }], { '3': '/thumb/3' });
    expect(line?.thumb_url).toBe('/thumb/3');
    expect(editLinesOf([{ ...saved, picture_file_id: null }])[0]?.thumb_url).toBeNull();
    expect(editLinesOf([saved])[0]?.thumb_url).toBeNull();
    const { amount: _a, ...sent } = saved;
    expect(toBody(editLinesOf([saved]))).toEqual([sent]);
  });

  it('gives every line its own key', () => {
    const lines = editLinesOf([saved, saved]);
    expect(lines[0]?.key).not.toBe(lines[1]?.key);
  });
});
