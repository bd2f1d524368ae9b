/** @jest-environment jsdom */
import { afterStartUp, startUpSettleMs } from './after-start-up';

// jsdom has no requestIdleCallback: the work runs when the settle time is over, which is what Safari does.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('waits for the settle time after load, runs once, and later calls only wait for idle', () => {
  const first = jest.fn();
  afterStartUp(first);
  jest.advanceTimersByTime(startUpSettleMs - 1);
  expect(first).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(first).toHaveBeenCalledTimes(1);
  jest.advanceTimersByTime(startUpSettleMs * 3);
  expect(first).toHaveBeenCalledTimes(1);

  // A language switch polls again without a second start-up wait.
  const later = jest.fn();
  afterStartUp(later);
  expect(later).toHaveBeenCalledTimes(1);
});

test('a cancelled task never runs', () => {
  jest.isolateModules(() => {
    const { afterStartUp: fresh } = jest.requireActual<typeof import('./after-start-up')>('./after-start-up');
    const task = jest.fn();
    const cancel = fresh(task);
    cancel();
    jest.advanceTimersByTime(startUpSettleMs * 2);
    expect(task).not.toHaveBeenCalled();
  });
});
