// How a live plays: FLV through MSE first, every open rendition before HLS, the browser's own HLS last;
// the quality menu offers the best rendition the viewer may play, HD only once a ticket unlocked it.
import { addressFor, chooseQuality, orderQualities, playbackPlan, type PlaybackCapabilities } from '@/components/live/playback';
import type { PlayInfo, Quality } from '@/lib/validation/live';

const chrome: PlaybackCapabilities = { mseLive: true, hlsJs: true, nativeHls: false };
const iosSafari: PlaybackCapabilities = { mseLive: false, hlsJs: false, nativeHls: true };

const quality = (rendition: Quality['rendition'], changes: Partial<Quality> = {}): Quality => ({
  name: rendition === 'src' ? '1080p' : `${rendition}p`,
  rendition,
  hd: 0,
  locked: 0,
  flv: `http://localhost:8000/live/s1${rendition === 'src' ? '' : `_${rendition}`}.flv`,
  hls: `/api/media/hls/s1/${rendition}/index.m3u8`,
  ...changes,
});

const play = (qualities: Quality[]): PlayInfo => ({ flv: qualities[0]?.flv ?? '', hls: qualities[0]?.hls ?? '', qualities });

describe('playbackPlan', () => {
  const ladder = play([quality('src'), quality('720'), quality('480')]);
  const plan = (wanted: Quality['rendition'], caps: PlaybackCapabilities, info = ladder) => playbackPlan(info, info.qualities.find((item) => item.rendition === wanted)!, caps).map(({ rendition, engine }) => `${rendition}:${engine}`);

  it('tries the wanted rendition over FLV, the others nearest first (lower before higher), then all over HLS', () => {
    expect(plan('720', chrome)).toEqual(['720:flv', '480:flv', 'src:flv', '720:hls', '480:hls', 'src:hls']);
    expect(plan('480', chrome)).toEqual(['480:flv', '720:flv', 'src:flv', '480:hls', '720:hls', 'src:hls']);
    expect(plan('src', chrome)).toEqual(['src:flv', '720:flv', '480:flv', 'src:hls', '720:hls', '480:hls']);
  });

  it('never tries a locked HD source', () => {
    const ticketed = play([quality('src', { hd: 1, locked: 1, flv: '', hls: '' }), quality('480')]);
    expect(plan('480', chrome, ticketed)).toEqual(['480:flv', '480:hls']);
  });

  it('uses the browser’s own HLS without MSE (iOS Safari), where FLV cannot play', () => {
    expect(plan('480', iosSafari)).toEqual(['480:native', '720:native', 'src:native']);
  });

  it('plays FLV alone when the server has no ffmpeg (no HLS), and nothing where neither engine can', () => {
    const flvOnly = play([quality('src', { hls: '' })]);
    expect(plan('src', chrome, flvOnly)).toEqual(['src:flv']);
    expect(plan('src', iosSafari, flvOnly)).toEqual([]);
  });

  it('reads the address of an attempt from the quality', () => {
    expect(addressFor(quality('480'), 'flv')).toBe('http://localhost:8000/live/s1_480.flv');
    expect(addressFor(quality('480'), 'native')).toBe('/api/media/hls/s1/480/index.m3u8');
  });
});

describe('chooseQuality', () => {
  const ladder = play([quality('480'), quality('src'), quality('720')]);

  it('orders the ladder best first', () => {
    expect(orderQualities(ladder).map((item) => item.rendition)).toEqual(['src', '720', '480']);
  });

  it('starts with the best quality and keeps the viewer’s choice', () => {
    expect(chooseQuality(ladder, null)?.rendition).toBe('src');
    expect(chooseQuality(ladder, '480')?.rendition).toBe('480');
  });

  it('skips a locked HD source until a ticket unlocks it', () => {
    const ticketed = play([quality('src', { hd: 1, locked: 1, flv: '', hls: '' }), quality('720'), quality('480')]);
    expect(chooseQuality(ticketed, 'src')?.rendition).toBe('720');
    const unlocked = play([quality('src', { hd: 1 }), quality('720'), quality('480')]);
    expect(chooseQuality(unlocked, 'src')?.rendition).toBe('src');
  });

  it('has nothing to play when the only quality is locked', () => {
    expect(chooseQuality(play([quality('src', { hd: 1, locked: 1, flv: '', hls: '' })]), null)).toBeNull();
    expect(chooseQuality(play([]), null)).toBeNull();
  });
});
