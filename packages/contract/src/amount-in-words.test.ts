import { describe, expect, it } from 'vitest';
import { amountInWords, integerInWords } from './amount-in-words';

describe('amount in words (export invoices)', () => {
  it('writes dollars and cents as the trade does', () => {
    expect(amountInWords('12345.67', 'USD')).toBe(
      'SAY US DOLLARS TWELVE THOUSAND THREE HUNDRED FORTY-FIVE AND CENTS SIXTY-SEVEN ONLY',
    );
    expect(amountInWords('12345.67', 'EUR')).toBe(
      'SAY EUROS TWELVE THOUSAND THREE HUNDRED FORTY-FIVE AND CENTS SIXTY-SEVEN ONLY',
    );
    expect(amountInWords('0.50', 'USD')).toBe('SAY US DOLLARS ZERO AND CENTS FIFTY ONLY');
    expect(amountInWords('0.5', 'EUR')).toBe('SAY EUROS ZERO AND CENTS FIFTY ONLY');
    expect(amountInWords('1000000.00', 'USD')).toBe('SAY US DOLLARS ONE MILLION ONLY');
    expect(amountInWords('1000000', 'EUR')).toBe('SAY EUROS ONE MILLION ONLY');
  });

  it('writes zero, one, round and odd amounts', () => {
    expect(amountInWords('0', 'USD')).toBe('SAY US DOLLARS ZERO ONLY');
    expect(amountInWords('0.00', 'USD')).toBe('SAY US DOLLARS ZERO ONLY');
    expect(amountInWords('1', 'USD')).toBe('SAY US DOLLARS ONE ONLY');
    expect(amountInWords('0.01', 'USD')).toBe('SAY US DOLLARS ZERO AND CENTS ONE ONLY');
    expect(amountInWords('100', 'USD')).toBe('SAY US DOLLARS ONE HUNDRED ONLY');
    expect(amountInWords('115.10', 'GBP')).toBe('SAY POUNDS STERLING ONE HUNDRED FIFTEEN AND PENCE TEN ONLY');
    expect(amountInWords('1001.05', 'CNY')).toBe('SAY CHINESE YUAN ONE THOUSAND ONE AND FEN FIVE ONLY');
    expect(amountInWords('2000020.9', 'USD')).toBe('SAY US DOLLARS TWO MILLION TWENTY AND CENTS NINETY ONLY');
    expect(amountInWords('90000.99', 'HKD')).toBe(
      'SAY HONG KONG DOLLARS NINETY THOUSAND AND CENTS NINETY-NINE ONLY',
    );
  });

  it('rounds half-up to the currency minor units, as the total is', () => {
    expect(amountInWords('0.005', 'USD')).toBe('SAY US DOLLARS ZERO AND CENTS ONE ONLY');
    expect(amountInWords('99.995', 'USD')).toBe('SAY US DOLLARS ONE HUNDRED ONLY');
    expect(amountInWords('1234.5', 'JPY')).toBe('SAY JAPANESE YEN ONE THOUSAND TWO HUNDRED THIRTY-FIVE ONLY');
    expect(amountInWords('300', 'KRW')).toBe('SAY KOREAN WON THREE HUNDRED ONLY');
  });

  it('reaches the largest amount a document column holds (14 integer digits)', () => {
    expect(amountInWords('99999999999999.99', 'USD')).toBe(
      'SAY US DOLLARS NINETY-NINE TRILLION NINE HUNDRED NINETY-NINE BILLION NINE HUNDRED NINETY-NINE MILLION ' +
        'NINE HUNDRED NINETY-NINE THOUSAND NINE HUNDRED NINETY-NINE AND CENTS NINETY-NINE ONLY',
    );
    expect(integerInWords('1000000000001')).toBe('ONE TRILLION ONE');
    expect(integerInWords('1002003004')).toBe('ONE BILLION TWO MILLION THREE THOUSAND FOUR');
    expect(integerInWords('000017')).toBe('SEVENTEEN');
  });

  it('names an unknown currency by its code', () => {
    expect(amountInWords('2.25', 'XYZ')).toBe('SAY XYZ TWO AND CENTS TWENTY-FIVE ONLY');
  });

  it('refuses what is not a non-negative amount it can write', () => {
    for (const bad of ['', '-1', '1e3', '1,000.00', 'abc', '.5', '1.', 'NaN', ' - 2']) {
      expect(() => amountInWords(bad, 'USD'), bad).toThrow(RangeError);
    }
    expect(() => amountInWords('1000000000000000', 'USD')).toThrow(RangeError);
    expect(() => integerInWords('12.5')).toThrow(RangeError);
  });
});
