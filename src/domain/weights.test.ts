import { formatTonnes, kilogramsToTonnes, weightProblem } from './weights.ts';

test('tonnes are shown with the tenant’s weightDigit decimals', () => {
  expect(formatTonnes(kilogramsToTonnes('19528'), 4)).toBe('19.5280');
  expect(formatTonnes('19.52849', 3)).toBe('19.528');
  expect(formatTonnes('19.5285', 3)).toBe('19.529');
  expect(formatTonnes('40', 0)).toBe('40');
});

test('a weight with at most weightDigit decimals passes; trailing zeros do not count', () => {
  expect(weightProblem('40.123', 3)).toBeUndefined();
  expect(weightProblem('40.1230', 3)).toBeUndefined();
  expect(weightProblem(40, 0)).toBeUndefined();
});

test('a weight with more decimals than weightDigit is refused with a message', () => {
  expect(weightProblem('40.1234', 3)).toEqual({
    code: 'weightDigits',
    message: '重量 40.1234 吨最多保留 3 位小数',
    params: { value: '40.1234', digits: 3 },
  });
  expect(weightProblem('40.5', 0)?.code).toBe('weightDigits');
});

test('a weight that is not a non-negative number is refused', () => {
  expect(weightProblem('四十', 3)?.message).toBe('重量“四十”不是数字（吨）');
  expect(weightProblem('-1', 3)?.code).toBe('weightNotANumber');
  expect(weightProblem('', 3)?.code).toBe('weightNotANumber');
});
