// Live data in step with the viewer's video (issue 27): the gate holds each room message until the picture shows
// its moment, in arrival order, lets one's own and moderation through at once, never holds past its limit, and
// the player's clock reads the ingest time back from the SEI the engines hand over.
import { createVideoClock } from '@/components/live/video-clock';
import { videoClockUuid, videoClockUuidBytes } from '@/lib/validation/video-clock';
import { createVideoSyncGate } from '@/stores/video-sync';

function harness() {
  const delivered: string[] = [];
  const clock = { presented: 1_000 as number | null, now: 0 };
  let wake: (() => void) | null = null;
  const gate = createVideoSyncGate<string>({
    deliver: (item) => delivered.push(item),
    presented: () => clock.presented,
    now: () => clock.now,
    maxHoldMs: 30_000,
    schedule: (run) => {
      wake = run;
      return () => (wake = null);
    },
  });
  /** The picture and the page move on by `ms`; the gate looks again. */
  const advance = (ms: number, picture = ms) => {
    clock.now += ms;
    if (clock.presented !== null) clock.presented += picture;
    wake?.();
  };
  return { gate, delivered, clock, advance };
}

describe('the video sync gate', () => {
  it('holds a line until the picture reaches the moment it belongs to', () => {
    const { gate, delivered, advance } = harness();
    gate.push('goal!', 1_800);
    expect(delivered).toEqual([]);
    advance(500);
    expect(delivered).toEqual([]);
    advance(300);
    expect(delivered).toEqual(['goal!']);
  });

  it('keeps the order lines came in, even when a later one belongs to an earlier moment', () => {
    const { gate, delivered, advance } = harness();
    gate.push('first', 2_000);
    gate.push('second', 1_500);
    advance(600);
    expect(delivered).toEqual([]);
    advance(400);
    expect(delivered).toEqual(['first', 'second']);
  });

  it('lets one’s own lines and moderation through at once, while the rest waits', () => {
    const { gate, delivered } = harness();
    gate.push('someone', 5_000);
    gate.push('mine', 5_000, true);
    expect(delivered).toEqual(['mine']);
    expect(gate.held()).toBe(1);
  });

  it('shows everything as it happens when the player cannot tell what it shows', () => {
    const { gate, delivered, clock } = harness();
    clock.presented = null;
    gate.push('line', 99_999);
    expect(delivered).toEqual(['line']);
  });

  it('holds while the picture is paused and lets go when it jumps to live', () => {
    const { gate, delivered, advance } = harness();
    gate.push('later', 4_000);
    advance(10_000, 0);
    expect(delivered).toEqual([]);
    advance(100, 5_000);
    expect(delivered).toEqual(['later']);
  });

  it('never holds a line longer than the limit', () => {
    const { gate, delivered, advance } = harness();
    gate.push('stuck', 1_000_000);
    advance(29_999, 0);
    expect(delivered).toEqual([]);
    advance(1, 0);
    expect(delivered).toEqual(['stuck']);
  });

  it('hands over what waits when the viewer switches to "as it happens", and holds again when switched back', () => {
    const { gate, delivered } = harness();
    gate.push('a', 9_000);
    gate.push('b', 9_500);
    gate.setEnabled(false);
    expect(delivered).toEqual(['a', 'b']);
    gate.push('c', 9_000);
    expect(delivered).toEqual(['a', 'b', 'c']);
    gate.setEnabled(true);
    gate.push('d', 9_000);
    expect(delivered).toEqual(['a', 'b', 'c']);
  });

  it('forgets a held line that was deleted before it showed', () => {
    const { gate, delivered, advance } = harness();
    gate.push('spam', 1_500);
    gate.push('fine', 1_500);
    gate.drop((item) => item === 'spam');
    advance(600);
    expect(delivered).toEqual(['fine']);
  });
});

function fakeVideo() {
  const state = { currentTime: 0, readyState: 4 };
  const video = {
    get currentTime() {
      return state.currentTime;
    },
    get readyState() {
      return state.readyState;
    },
  } as unknown as HTMLVideoElement;
  return { video, state };
}

const ascii = (text: string) => new TextEncoder().encode(text);

describe('the video clock', () => {
  it('reads hls.js user data: the frame at media time t was at the server time it carries', () => {
    const { video, state } = fakeVideo();
    const clock = createVideoClock(video);
    expect(clock.presentedWallMs()).toBeNull();
    clock.fromHlsUserdata([{ pts: 10, uuid: videoClockUuid, userData: '1795000010000' }]);
    state.currentTime = 12.5;
    expect(clock.presentedWallMs()).toBe(1_795_000_012_500);
  });

  it('reads mpegts.js SEI: its timestamps are on the media timeline, whichever frame it reports first', () => {
    const { video, state } = fakeVideo();
    const clock = createVideoClock(video);
    // mpegts.js reports no SEI of the frames it demuxed before its remuxer knew the timestamp base: the first one
    // it reports may be 1.2 s into the buffer (a key-frame cache sent at once), and must not be taken for its start.
    clock.fromFlvSei({ uuid: videoClockUuidBytes(), user_data: ascii('1795000001200'), pts: 1_200 });
    state.currentTime = 1.04;
    expect(clock.presentedWallMs()).toBe(1_795_000_001_040);
    // Later frames correct a drifting encoder.
    clock.fromFlvSei({ uuid: videoClockUuidBytes(), user_data: ascii('1795000003210'), pts: 3_200 });
    expect(clock.presentedWallMs()).toBe(1_795_000_001_050);
  });

  it('ignores other SEI and says nothing before a frame is on screen', () => {
    const { video, state } = fakeVideo();
    const clock = createVideoClock(video);
    clock.fromHlsUserdata([{ pts: 1, uuid: '00000000-0000-0000-0000-000000000000', userData: '1795000010000' }]);
    clock.fromFlvSei({ uuid: new Uint8Array(16), user_data: ascii('1795000000000'), pts: 1 });
    expect(clock.presentedWallMs()).toBeNull();
    clock.fromHlsUserdata([{ pts: 1, uuid: videoClockUuid, userData: '1795000010000' }]);
    state.readyState = 1;
    expect(clock.presentedWallMs()).toBeNull();
  });
});
