import { TEST_USER } from '../../test/msw/fixtures.ts';
import { watermarkLines } from './ShellWatermark.tsx';

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
