// The sales basis sheet (基差表): the basis the house quotes over a CF month, by grade and delivery
// warehouse, effective from a date. It is also the market basis B_mkt of valuation (domain.md §5).
// A sheet's line may leave the warehouse or the grade open: it then applies to every one. The most
// specific line that applies gives the basis.

import { type Problem, problem } from './problem.ts';

export interface BasisLine {
  futuresMonth: string;
  /** Absent: any delivery warehouse. */
  warehouseId?: string | null;
  /** Colour grade (11, 21, 31 …); absent: any colour. */
  colourGrade?: string | null;
  /** Length grade in whole mm (28 means 28.0–28.9); absent: any length. */
  lengthGrade?: number | null;
  /** CNY/t over the month, may be negative. */
  basis: string;
}

export interface BasisQuery {
  futuresMonth: string;
  warehouseId?: string | null;
  colourGrade?: string | null;
  lengthGrade?: number | null;
}

export interface Grade {
  colourGrade?: string;
  lengthGrade?: number;
}

/**
 * A grade as the trade writes it: colour then length, the micronaire class optional — 3128B, 3128, 31,
 * 31-28. Undefined for anything else.
 */
export function gradeOf(text: string): Grade | undefined {
  const match = /^(\d{2})(?:-?(\d{2}))?([A-C]\d?)?$/.exec(text.replace(/\s+/g, '').toUpperCase());
  if (!match) return undefined;
  return match[2] ? { colourGrade: match[1], lengthGrade: Number(match[2]) } : { colourGrade: match[1] };
}

const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/** How specific a line is: a warehouse outweighs any grade, a colour outweighs a length. */
const specificity = (line: BasisLine) =>
  (given(line.warehouseId) ? 4 : 0) + (given(line.colourGrade) ? 2 : 0) + (given(line.lengthGrade) ? 1 : 0);

/** A line applies when each thing it names is what is asked for (what it leaves open matches anything). */
export function lineApplies(line: BasisLine, query: BasisQuery): boolean {
  if (line.futuresMonth !== query.futuresMonth) return false;
  if (given(line.warehouseId) && line.warehouseId !== query.warehouseId) return false;
  if (given(line.colourGrade) && line.colourGrade !== query.colourGrade) return false;
  if (given(line.lengthGrade) && line.lengthGrade !== query.lengthGrade) return false;
  return true;
}

/**
 * The line giving the basis for a month, warehouse and grade: of the lines that apply, the most specific —
 * first one naming the warehouse, then one naming colour and length, colour only, length only, nothing.
 */
export function basisLineFor<L extends BasisLine>(lines: readonly L[], query: BasisQuery): L | undefined {
  let best: L | undefined;
  for (const line of lines)
    if (lineApplies(line, query) && (!best || specificity(line) > specificity(best))) best = line;
  return best;
}

/** What makes two lines of one sheet the same quote: month, warehouse, colour and length. */
const quoteKey = (line: BasisLine) =>
  [line.futuresMonth, line.warehouseId ?? '*', line.colourGrade ?? '*', line.lengthGrade ?? '*'].join('|');

/** Lines quoting the same month, warehouse and grade twice (the lookup could not choose): their indexes. */
export function duplicateBasisLines(lines: readonly BasisLine[]): Problem[] {
  const seen = new Map<string, number>();
  const problems: Problem[] = [];
  lines.forEach((line, index) => {
    const key = quoteKey(line);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else
      problems.push(
        problem('salesBasis.duplicateLine', `第 ${index + 1} 行与第 ${first + 1} 行的月份、仓库和等级相同`, {
          line: index,
          first,
        }),
      );
  });
  return problems;
}
