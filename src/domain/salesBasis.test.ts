import { basisLineFor, duplicateBasisLines, gradeOf } from './salesBasis.ts';

const sheet = [
  { futuresMonth: 'CF2705', basis: '800' },
  { futuresMonth: 'CF2705', colourGrade: '31', basis: '900' },
  { futuresMonth: 'CF2705', colourGrade: '31', lengthGrade: 29, basis: '1200' },
  { futuresMonth: 'CF2705', lengthGrade: 27, basis: '500' },
  { futuresMonth: 'CF2705', warehouseId: '7', basis: '1000' },
  { futuresMonth: 'CF2705', warehouseId: '7', colourGrade: '21', lengthGrade: 29, basis: '1500' },
  { futuresMonth: 'CF2709', basis: '700' },
];

describe('the basis of a month, warehouse and grade: the most specific line that applies', () => {
  test.each([
    [{ colourGrade: '41', lengthGrade: 28 }, '800'],
    [{ colourGrade: '31', lengthGrade: 28 }, '900'],
    [{ colourGrade: '31', lengthGrade: 29 }, '1200'],
    [{ colourGrade: '41', lengthGrade: 27 }, '500'],
    // colour outweighs length
    [{ colourGrade: '31', lengthGrade: 27 }, '900'],
  ])('at any warehouse, %o quotes %s', (grade, basis) => {
    expect(basisLineFor(sheet, { futuresMonth: 'CF2705', warehouseId: '3', ...grade })?.basis).toBe(basis);
  });

  test('a line naming the warehouse outweighs any grade line; its own grade line outweighs it', () => {
    const at7 = (grade: object) =>
      basisLineFor(sheet, { futuresMonth: 'CF2705', warehouseId: '7', ...grade });
    expect(at7({ colourGrade: '31', lengthGrade: 29 })?.basis).toBe('1000');
    expect(at7({ colourGrade: '21', lengthGrade: 29 })?.basis).toBe('1500');
  });

  test('another month has its own lines; a month without lines has no basis', () => {
    expect(basisLineFor(sheet, { futuresMonth: 'CF2709', colourGrade: '31' })?.basis).toBe('700');
    expect(basisLineFor(sheet, { futuresMonth: 'CF2801' })).toBeUndefined();
  });

  test('a grade written as the trade writes it', () => {
    expect(gradeOf('3128B')).toEqual({ colourGrade: '31', lengthGrade: 28 });
    expect(gradeOf('31-29')).toEqual({ colourGrade: '31', lengthGrade: 29 });
    expect(gradeOf('2129C2')).toEqual({ colourGrade: '21', lengthGrade: 29 });
    expect(gradeOf('41')).toEqual({ colourGrade: '41' });
    expect(gradeOf('白棉3级')).toBeUndefined();
  });

  test('a sheet may not quote one month, warehouse and grade twice', () => {
    expect(duplicateBasisLines(sheet)).toEqual([]);
    const twice = [...sheet, { futuresMonth: 'CF2705', colourGrade: '31', basis: '950' }];
    expect(duplicateBasisLines(twice).map((p) => p.params)).toEqual([{ line: 7, first: 1 }]);
  });
});
