import { act, fireEvent, render, screen } from '@testing-library/react';
import { DebounceButton, GuardButton, throttle, useScrollThrottle } from './index.ts';

function ScrollList({ onScroll }: { onScroll: () => void }) {
  const handle = useScrollThrottle(onScroll);
  return <div data-testid="list" onScroll={handle} />;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const button = () => screen.getByRole('button', { name: 'Save' });

describe('GuardButton', () => {
  it('disables itself for 1 s after a click and calls the handler once', () => {
    const onClick = vi.fn();
    render(<GuardButton onClick={onClick}>Save</GuardButton>);
    fireEvent.click(button());
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button()).toBeDisabled();
    act(() => vi.advanceTimersByTime(999));
    expect(button()).toBeDisabled();
    act(() => vi.advanceTimersByTime(1));
    expect(button()).toBeEnabled();
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('takes a given guard time', () => {
    render(<GuardButton guardMs={3000}>Save</GuardButton>);
    fireEvent.click(button());
    act(() => vi.advanceTimersByTime(2999));
    expect(button()).toBeDisabled();
    act(() => vi.advanceTimersByTime(1));
    expect(button()).toBeEnabled();
  });
});

it('DebounceButton stays disabled for 2 s', () => {
  const onClick = vi.fn();
  render(<DebounceButton onClick={onClick}>Save</DebounceButton>);
  fireEvent.click(button());
  act(() => vi.advanceTimersByTime(1999));
  expect(button()).toBeDisabled();
  act(() => vi.advanceTimersByTime(1));
  expect(button()).toBeEnabled();
  expect(onClick).toHaveBeenCalledTimes(1);
});

describe('scroll throttle', () => {
  it('runs at most once per 10 ms and keeps the last call of a burst', () => {
    const seen: number[] = [];
    const throttled = throttle((n: number) => seen.push(n), 10);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(10);
    expect(seen).toEqual([1, 3]);
    vi.advanceTimersByTime(10);
    throttled(4);
    expect(seen).toEqual([1, 3, 4]);
  });

  it('throttles a scrolling list at 10 ms', () => {
    const onScroll = vi.fn();
    render(<ScrollList onScroll={onScroll} />);
    const list = screen.getByTestId('list');
    for (let i = 0; i < 5; i++) fireEvent.scroll(list);
    expect(onScroll).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(10));
    expect(onScroll).toHaveBeenCalledTimes(2);
  });
});
