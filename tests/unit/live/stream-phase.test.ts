// The live room's poster follows the live: not started until the stream is up, away while the encoder is gone,
// ended once a live the viewer watched has closed (and not before the viewer saw it on air).
import { nextStreamPhase } from '@/components/live/stream-phase';
import { liveStatuses } from '@/lib/validation/live';

describe('nextStreamPhase', () => {
  it('reads a waiting live or an empty room as not started', () => {
    expect(nextStreamPhase(null, liveStatuses.notStarted, true)).toBe('notStarted');
    expect(nextStreamPhase(null, liveStatuses.notStarted, false)).toBe('notStarted');
  });

  it('follows the stream up and down', () => {
    expect(nextStreamPhase('notStarted', liveStatuses.live, true)).toBe('live');
    expect(nextStreamPhase('live', liveStatuses.away, true)).toBe('away');
    expect(nextStreamPhase('away', liveStatuses.live, true)).toBe('live');
  });

  it('says ended when a live seen on air closes, and stays ended', () => {
    expect(nextStreamPhase('live', liveStatuses.notStarted, false)).toBe('ended');
    expect(nextStreamPhase('away', liveStatuses.notStarted, false)).toBe('ended');
    expect(nextStreamPhase('ended', liveStatuses.notStarted, false)).toBe('ended');
  });

  it('says not started again when the anchor opens a new live after the end', () => {
    expect(nextStreamPhase('ended', liveStatuses.notStarted, true)).toBe('notStarted');
    expect(nextStreamPhase('ended', liveStatuses.live, true)).toBe('live');
  });
});
