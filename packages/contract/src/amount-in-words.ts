import Big from 'big.js';
import { currencyDigits } from './money';

/**
 * The amount in words that export invoices carry under the total, in capitals, as banks and
 * customs read it: "SAY US DOLLARS TWELVE THOUSAND THREE HUNDRED FORTY-FIVE AND CENTS SIXTY-SEVEN ONLY".
 * The currency's name comes first (plural), the minor unit's name before its figure, no "AND" inside
 * a number (US style, as the trade writes it); an amount without minor units ("…AND CENTS ZERO") and a
 * currency without them (JPY, KRW) end at the major unit: "SAY JAPANESE YEN ONE HUNDRED ONLY".
 */

/** Each currency's words on an invoice: major unit (plural as written after SAY) and minor unit. */
const CURRENCY_WORDS: Record<string, { major: string; minor: string }> = {
  USD: { major: 'US DOLLARS', minor: 'CENTS' },
  EUR: { major: 'EUROS', minor: 'CENTS' },
  CNY: { major: 'CHINESE YUAN', minor: 'FEN' },
  GBP: { major: 'POUNDS STERLING', minor: 'PENCE' },
  JPY: { major: 'JAPANESE YEN', minor: '' },
  HKD: { major: 'HONG KONG DOLLARS', minor: 'CENTS' },
  AUD: { major: 'AUSTRALIAN DOLLARS', minor: 'CENTS' },
  CAD: { major: 'CANADIAN DOLLARS', minor: 'CENTS' },
  CHF: { major: 'SWISS FRANCS', minor: 'CENTIMES' },
  SGD: { major: 'SINGAPORE DOLLARS', minor: 'CENTS' },
  NZD: { major: 'NEW ZEALAND DOLLARS', minor: 'CENTS' },
  KRW: { major: 'KOREAN WON', minor: '' },
  RUB: { major: 'RUSSIAN ROUBLES', minor: 'KOPECKS' },
  INR: { major: 'INDIAN RUPEES', minor: 'PAISE' },
  AED: { major: 'UAE DIRHAMS', minor: 'FILS' },
  SAR: { major: 'SAUDI RIYALS', minor: 'HALALAS' },
  BRL: { major: 'BRAZILIAN REAIS', minor: 'CENTAVOS' },
  ZAR: { major: 'SOUTH AFRICAN RAND', minor: 'CENTS' },
};

const ONES = [
  'ZERO',
  'ONE',
  'TWO',
  'THREE',
  'FOUR',
  'FIVE',
  'SIX',
  'SEVEN',
  'EIGHT',
  'NINE',
  'TEN',
  'ELEVEN',
  'TWELVE',
  'THIRTEEN',
  'FOURTEEN',
  'FIFTEEN',
  'SIXTEEN',
  'SEVENTEEN',
  'EIGHTEEN',
  'NINETEEN',
];
const TENS = ['', '', 'TWENTY', 'THIRTY', 'FORTY', 'FIFTY', 'SIXTY', 'SEVENTY', 'EIGHTY', 'NINETY'];
/** Short scale, as English-language invoices use; the columns hold up to 14 integer digits. */
const SCALES = ['', 'THOUSAND', 'MILLION', 'BILLION', 'TRILLION'];
const MAX_INTEGER_DIGITS = SCALES.length * 3 - 1;

/** 0–999 in words ("THREE HUNDRED FORTY-FIVE"); '' for 0. */
function hundreds(n: number): string {
  const words: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h > 0) words.push(`${ONES[h]} HUNDRED`);
  if (rest >= 20)
    words.push(rest % 10 ? `${TENS[Math.floor(rest / 10)]}-${ONES[rest % 10]}` : TENS[rest / 10]!);
  else if (rest > 0) words.push(ONES[rest]!);
  return words.join(' ');
}

/** A whole number given as digits ("12345") in words ("TWELVE THOUSAND THREE HUNDRED FORTY-FIVE"). */
export function integerInWords(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new RangeError(`Not a whole number: ${digits}`);
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  if (trimmed.length > MAX_INTEGER_DIGITS) throw new RangeError('Too large to write in words');
  if (trimmed === '0') return ONES[0]!;
  const groups: number[] = [];
  for (let end = trimmed.length; end > 0; end -= 3)
    groups.unshift(Number(trimmed.slice(Math.max(0, end - 3), end)));
  return groups
    .map((group, i) => {
      const scale = SCALES[groups.length - 1 - i]!;
      return group === 0 ? '' : [hundreds(group), scale].filter(Boolean).join(' ');
    })
    .filter(Boolean)
    .join(' ');
}

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/**
 * "SAY US DOLLARS … AND CENTS … ONLY" for a non-negative decimal string in `currency`, rounded half-up
 * to the currency's minor units first (as the document's total is). Throws RangeError on anything else.
 */
export function amountInWords(amount: string, currency: string): string {
  const text = amount.trim();
  if (!PLAIN_DECIMAL.test(text)) throw new RangeError(`Not an amount: ${amount}`);
  const words = CURRENCY_WORDS[currency] ?? { major: currency.toUpperCase(), minor: 'CENTS' };
  const digits = currencyDigits(currency);
  const [whole = '0', fraction = ''] = new Big(text).toFixed(digits, Big.roundHalfUp).split('.');
  const major = `SAY ${words.major} ${integerInWords(whole)}`;
  const minor = Number(fraction || '0');
  if (minor === 0 || !words.minor) return `${major} ONLY`;
  return `${major} AND ${words.minor} ${integerInWords(String(minor))} ONLY`;
}
