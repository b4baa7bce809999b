import { describe, expect, it } from 'vitest';
import { priceString, quantityString } from './decimal-schemas';
import {
  canonicalDecimal,
  compareDecimals,
  formatMoney,
  multiplyDecimals,
  roundMoney,
  sumDecimals,
} from './money';

describe('money and quantities', () => {
  it('accepts plain non-negative decimals as strings and answers them in canonical form', () => {
    expect(priceString.parse('012.3500')).toBe('12.35');
    expect(priceString.parse(' 7 ')).toBe('7');
    expect(priceString.parse('0.0125')).toBe('0.0125');
    expect(quantityString.parse('10000.5')).toBe('10000.5');
    for (const bad of ['', '-1', '1e3', '1,5', '0x10', 'NaN', '1.', '.5', '12.34567']) {
      expect(priceString.safeParse(bad).success, bad).toBe(false);
    }
    expect(quantityString.safeParse('1.2345').success).toBe(false);
    expect(priceString.safeParse('123456789012345').success).toBe(false);
    expect(priceString.safeParse(12.35).success).toBe(false);
  });

  it('computes exactly where floats would not', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(multiplyDecimals('1.1', '3')).toBe('3.3');
    expect(multiplyDecimals('19.99', '1000')).toBe('19990');
    expect(compareDecimals('9.5', '10')).toBe(-1);
    expect(canonicalDecimal('12.3500')).toBe('12.35');
  });

  it('rounds half up to the currency and formats for people without rounding', () => {
    expect(roundMoney('2.345', 'USD')).toBe('2.35');
    expect(roundMoney('1234.5', 'JPY')).toBe('1235');
    expect(formatMoney('1234.5', 'EUR')).toBe('€1,234.50');
    expect(formatMoney('0.0125', 'USD')).toBe('$0.0125');
    expect(formatMoney('3000', 'JPY')).toBe('¥3,000');
    expect(formatMoney(null, 'USD')).toBe('');
  });
});
