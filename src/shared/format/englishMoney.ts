import Decimal from 'decimal.js';
import { type Numeric, toDecimal } from './number.ts';

const ONES = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];
const LIMIT = new Decimal('1e15');

/** 0–99 in words: 42 → forty-two. */
const belowHundred = (n: number): string =>
  n < 20 ? ONES[n]! : `${TENS[Math.floor(n / 10)]}${n % 10 ? `-${ONES[n % 10]}` : ''}`;

/** 0–999 in words: 305 → three hundred and five. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const head = hundreds ? `${ONES[hundreds]} hundred` : '';
  if (!rest) return head;
  return head ? `${head} and ${belowHundred(rest)}` : belowHundred(rest);
}

/** A whole number in words, by groups of three digits: 5776200 → five million seven hundred and seventy-six thousand two hundred. */
function integerWords(integer: string): string {
  const groups: number[] = [];
  for (let end = integer.length; end > 0; end -= 3)
    groups.push(Number(integer.slice(Math.max(0, end - 3), end)));
  return groups
    .map((group, index) =>
      group ? `${belowThousand(group)}${SCALES[index] ? ` ${SCALES[index]}` : ''}` : '',
    )
    .filter(Boolean)
    .reverse()
    .join(' ');
}

/**
 * An amount of renminbi in English words, as trade documents state it beside the figures, rounded half up
 * to the fen: 1234.56 → "renminbi one thousand two hundred and thirty-four yuan and fifty-six fen only",
 * 0.5 → "renminbi fifty fen only", -3 → "minus renminbi three yuan only". Blank or invalid → ''. Throws
 * RangeError from 1e15 on.
 */
export function toEnglishMoney(value: Numeric | null | undefined): string {
  if (value === null || value === undefined) return '';
  const decimal = toDecimal(value);
  if (!decimal) return '';
  const fen = decimal.abs().toDecimalPlaces(2, Decimal.ROUND_HALF_UP).times(100);
  if (fen.gte(LIMIT.times(100))) throw new RangeError('Amount too large for money in words');
  const integer = fen.divToInt(100).toFixed(0);
  const cents = fen.mod(100).toNumber();
  const parts = [
    integer === '0' ? '' : `${integerWords(integer)} yuan`,
    cents ? `${belowHundred(cents)} fen` : '',
  ].filter(Boolean);
  const words = parts.length ? parts.join(' and ') : 'zero yuan';
  return `${decimal.isNegative() && !fen.isZero() ? 'minus ' : ''}renminbi ${words} only`;
}
