import { act, renderHook } from '@testing-library/react';
import { smsResendSeconds, useCountdown } from '@/components/auth/use-countdown';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('SMS resend countdown', () => {
  it('counts 60 seconds down, then allows sending again', () => {
    const { result } = renderHook(() => useCountdown());
    expect(smsResendSeconds).toBe(60);
    expect(result.current).toMatchObject({ running: false, startedOnce: false, secondsLeft: 0 });

    act(() => result.current.start());
    expect(result.current).toMatchObject({ running: true, startedOnce: true, secondsLeft: 60 });

    act(() => jest.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(59);

    act(() => jest.advanceTimersByTime(58_000));
    expect(result.current).toMatchObject({ running: true, secondsLeft: 1 });

    act(() => jest.advanceTimersByTime(1000));
    expect(result.current).toMatchObject({ running: false, secondsLeft: 0, startedOnce: true });
  });

  it('can start again after it ended', () => {
    const { result } = renderHook(() => useCountdown(3));
    act(() => result.current.start());
    act(() => jest.advanceTimersByTime(3000));
    expect(result.current.running).toBe(false);
    act(() => result.current.start());
    expect(result.current.secondsLeft).toBe(3);
  });
});
