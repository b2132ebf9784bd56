import { testMenu } from '../../test/msw/fixtures.ts';
import { CLOSE_ALL_LANDING_DELAY_MS, scheduleLanding } from './closeAllLanding.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test('after close-all, one second later, goes to the landing route when the menu has it', () => {
  const go = vi.fn();
  scheduleLanding(testMenu().menu, go, ['news']);
  vi.advanceTimersByTime(CLOSE_ALL_LANDING_DELAY_MS - 1);
  expect(go).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(go).toHaveBeenCalledWith('/index/news');
});

test('stays home when the menu does not offer the landing route', () => {
  const go = vi.fn();
  scheduleLanding(testMenu().menu, go, ['largeDataScreen']);
  vi.advanceTimersByTime(5_000);
  expect(go).not.toHaveBeenCalled();
});
