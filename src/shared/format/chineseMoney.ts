import Decimal from 'decimal.js';
import { type Numeric, toDecimal } from './number.ts';

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const PLACES = ['', '拾', '佰', '仟'];
/** Units of the 4-digit groups from the right; the fourth group (万亿) is handled in groupUnit. */
const GROUP_UNITS = ['', '万', '亿', '万'];
const LIMIT = new Decimal('1e16');

/** One group of up to 4 digits, zeros inside collapsed to a single 零 (1004 → 壹仟零肆). */
function groupText(group: number): string {
  const digits = String(group).padStart(4, '0');
  let text = '';
  let pendingZero = false;
  for (let i = 0; i < 4; i++) {
    const digit = Number(digits[i]);
    if (digit === 0) {
      pendingZero = text !== '';
      continue;
    }
    if (pendingZero) text += DIGITS[0];
    pendingZero = false;
    text += DIGITS[digit]! + PLACES[3 - i]!;
  }
  return text;
}

const groupUnit = (index: number, groups: number[]) =>
  // 1_0000_0000_0000 reads 壹万亿: the 万 of the top group needs 亿 when the 亿 group itself is empty.
  index === 3 && groups[2] === 0 ? '万亿' : GROUP_UNITS[index]!;

function integerText(integer: string): string {
  const groups: number[] = [];
  for (let end = integer.length; end > 0; end -= 4)
    groups.push(Number(integer.slice(Math.max(0, end - 4), end)));
  let text = '';
  for (let index = groups.length - 1; index >= 0; index--) {
    const group = groups[index]!;
    if (group === 0) continue;
    // A gap before this group (zero groups or fewer than 4 digits after a higher group) reads 零.
    if (text !== '' && (group < 1000 || groups[index + 1] === 0)) text += DIGITS[0];
    text += groupText(group) + groupUnit(index, groups);
  }
  return text;
}

function fractionText(jiao: number, fen: number, hasYuan: boolean): string {
  if (jiao === 0 && fen === 0) return '整';
  const jiaoText = jiao ? `${DIGITS[jiao]}角` : hasYuan && fen ? DIGITS[0] : '';
  return jiaoText + (fen ? `${DIGITS[fen]}分` : '');
}

/**
 * Upper-case Chinese money (大写), rounded half up to the fen: 1234.56 → 壹仟贰佰叁拾肆元伍角陆分,
 * 1000 → 壹仟元整, 1000.05 → 壹仟元零伍分, 0.5 → 伍角, -3 → 负叁元整. Blank or invalid → ''.
 * Throws RangeError from 1e16 on.
 */
export function toChineseMoney(value: Numeric | null | undefined): string {
  if (value === null || value === undefined) return '';
  const decimal = toDecimal(value);
  if (!decimal) return '';
  const fen = decimal.abs().toDecimalPlaces(2, Decimal.ROUND_HALF_UP).times(100);
  if (fen.gte(LIMIT.times(100))) throw new RangeError('Amount too large for upper-case Chinese money');
  if (fen.isZero()) return '零元整';
  const integer = fen.divToInt(100).toFixed(0);
  const cents = fen.mod(100).toNumber();
  const yuan = integer === '0' ? '' : `${integerText(integer)}元`;
  const sign = decimal.isNegative() ? '负' : '';
  return sign + yuan + fractionText(Math.floor(cents / 10), cents % 10, yuan !== '');
}
