import { TEST_USER } from '../../test/msw/fixtures.ts';
import { watermarkLines, watermarkWidth } from './ShellWatermark.tsx';

test('shows department and real name by default', () => {
  expect(watermarkLines(TEST_USER, { fields: ['departName', 'relName'], maskPhone: false })).toEqual([
    '业务部',
    '张三',
  ]);
});

test('shows the phone masked 3 + 4 where the tenant says so', () => {
  expect(watermarkLines(TEST_USER, { fields: ['departName', 'relName', 'phone'], maskPhone: true })).toEqual([
    '业务部',
    '张三',
    '138****5678',
  ]);
});

test('shows the full phone when masking is off, and skips empty fields', () => {
  expect(
    watermarkLines({ ...TEST_USER, departName: '' }, { fields: ['departName', 'phone'], maskPhone: false }),
  ).toEqual(['13812345678']);
});

test('the watermark is wide enough for its longest line, so no text is clipped', () => {
  expect(watermarkWidth(['王建国', '138****2345'])).toBe(120);
  expect(watermarkWidth(['国际业务与大宗商品交易部'])).toBe(12 * 14);
  expect(watermarkWidth(['Commodity Trading Department'])).toBe(Math.ceil(28 * 14 * 0.6));
});
